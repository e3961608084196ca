import HFCrypto
public import HFPrimitives

extension SweepRequestBundle {
    /// Decodes and validates a `.hfsweep` file. The signature is **not** verified here: call `verify()`.
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes (at most 64 MiB).
    ///   - expectedNetwork: the network in use; nil accepts any.
    /// - Throws: `BundleError` for the first fault: JSON, envelope, fields (missing, unknown, types, hex, sizes),
    ///   an address not on the network or given twice, an identity key that is not a compressed point, a wallet ID
    ///   that does not match the identity key, or a signature that is not strict DER or is high-S.
    public init(decoding bytes: [UInt8], expectedNetwork: Network?) throws(BundleError) {
        try self.init(topLevel: try BundleEnvelope.topLevel(bytes), expectedNetwork: expectedNetwork)
    }

    /// Decodes the file's top-level object.
    init(topLevel object: JSONObjectReader, expectedNetwork: Network?) throws(BundleError) {
        var reader = object
        try reader.readFormat(.sweepRequest)
        let network = try reader.readNetwork(expected: expectedNetwork)
        let createdAt = try reader.field("createdAt").timestamp()
        let walletID = try reader.field("walletId").hexBytes(count: 32)
        let identityKey = try reader.field("identityKey").publicKey()
        var addresses: [Address] = []
        for field in try reader.field("addresses").array(count: BundleLimits.sweepAddressCount) {
            do {
                addresses.append(try Address(string: try field.string(), network: network))
            } catch let error as AddressError {
                throw .invalidAddress(path: field.path.text, error)
            } catch let error as BundleError {
                throw error
            } catch {
                throw .invalidText(path: field.path.text)
            }
        }
        let signature = try AddressPackBundle.signature(try reader.field("signature"))
        let state = try reader.readSignerState(network: network)
        try reader.finish()
        let checked = try Self.check(addresses, network: network)
        self.init(network: network, createdAt: createdAt, identityKey: identityKey, checked: checked,
                  signature: signature)
        guard self.walletID == walletID else { throw .walletIDMismatch }
        signerState = state
    }

    /// The canonical JSON bytes (sorted keys, no whitespace, lower-case hex, no trailing newline).
    public func encoded() -> [UInt8] {
        var members = BundleEnvelope.members(.sweepRequest, network: network)
        members["createdAt"] = .string(createdAt.text)
        members["walletId"] = .string(walletID.hex)
        members["identityKey"] = .string(identityKey.compressed.hex)
        members["addresses"] = .array(addresses.map { .string($0.string) })
        members["signature"] = .string(signature.derRepresentation.hex)
        if let signerState { members["signerState"] = signerState.jsonValue }
        return JSONValue.object(members).canonicalBytes
    }
}
