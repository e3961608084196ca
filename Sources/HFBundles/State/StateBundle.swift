public import HFPrimitives

/// A `.hfstate` bundle: nothing but one wallet's ``SignerState``, for when the signer has nothing else to carry
/// (`hf-signer export state`). The watcher takes it as it takes the state inside any other signer bundle.
public struct StateBundle: Hashable, Sendable {
    /// The state.
    public let state: SignerState

    /// A bundle of `state`.
    public init(state: SignerState) {
        self.state = state
    }

    /// The network.
    public var network: Network { state.network }

    /// Decodes a `.hfstate` file (the state's signature is not verified here: ``SignerState/verify()``).
    /// - Throws: `BundleError` for the first fault.
    public init(decoding bytes: [UInt8], expectedNetwork: Network?) throws(BundleError) {
        try self.init(topLevel: try BundleEnvelope.topLevel(bytes), expectedNetwork: expectedNetwork)
    }

    /// Decodes the file's top-level object.
    init(topLevel object: JSONObjectReader, expectedNetwork: Network?) throws(BundleError) {
        var reader = object
        try reader.readFormat(.state)
        let network = try reader.readNetwork(expected: expectedNetwork)
        guard let state = try reader.readSignerState(network: network) else {
            throw .missingField(path: "signerState")
        }
        try reader.finish()
        self.init(state: state)
    }

    /// The canonical JSON bytes.
    public func encoded() -> [UInt8] {
        var members = BundleEnvelope.members(.state, network: network)
        members["signerState"] = state.jsonValue
        return JSONValue.object(members).canonicalBytes
    }
}

extension SignerState {
    /// The signer state a bundle carries, whatever its kind: the `signerState` member of a `.hfaddrpack`, `.hftx`,
    /// `.hfanswer`, `.hfsweep` or `.hfstate`; nil when the bundle has none (or is of another kind, or binary).
    ///
    /// Only the member is read here (the bundle's own decoder checks the rest). The signature is not verified.
    /// - Throws: `BundleError` when the member is present but malformed.
    public static func carried(in bytes: [UInt8], network: Network) throws(BundleError) -> SignerState? {
        guard bytes.first(where: { ![0x20, 0x09, 0x0a, 0x0d].contains($0) }) == UInt8(ascii: "{") else { return nil }
        var reader = try BundleEnvelope.topLevel(bytes)
        return try reader.readSignerState(network: network)
    }

    /// The signer state a bundle already parsed carries, as ``carried(in:network:)-([UInt8],_)`` reads it from its
    /// bytes.
    public static func carried(in parsed: ParsedBundle, network: Network) throws(BundleError) -> SignerState? {
        guard var reader = parsed.object else { return nil }
        return try reader.readSignerState(network: network)
    }
}
