import HFCrypto
public import HFPrimitives

extension AddressPackBundle {
    /// Decodes and validates a `.hfaddrpack` file. The signature is **not** verified here: call `verify()`.
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes (at most 64 MiB).
    ///   - expectedNetwork: the network in use; nil accepts any.
    /// - Throws: `BundleError` for the first fault: JSON, envelope, fields (missing, unknown, types, hex, sizes),
    ///   addresses not on the pack's network, a duplicate address, an identity key that is not a compressed point,
    ///   a wallet ID that does not match the identity key, or a signature that is not strict DER or is high-S.
    public init(decoding bytes: [UInt8], expectedNetwork: Network?) throws(BundleError) {
        try self.init(reader: try BundleEnvelope.topLevel(bytes), expectedNetwork: expectedNetwork)
    }

    /// Decodes a pack object read from any position (a file's top level, or inside a signer state).
    init(reader object: JSONObjectReader, expectedNetwork: Network?) throws(BundleError) {
        var reader = object
        try reader.readFormat(.addressPack)
        let network = try reader.readNetwork(expected: expectedNetwork)
        let packID = try reader.field("packId").hexBytes(count: 16)
        let createdAt = try reader.field("createdAt").timestamp()
        let walletIDField = try reader.field("walletId")
        let walletID = try walletIDField.hexBytes(count: 32)
        let identityKey = try reader.field("identityKey").publicKey()
        var entries: [AddressPackEntry] = []
        for entryField in try reader.field("entries").array(count: BundleLimits.addressPackEntryCount) {
            entries.append(try Self.entry(entryField, network: network))
        }
        let signatureField = try reader.field("signature")
        let signature = try Self.signature(signatureField)
        let state = try reader.readSignerState(network: network)
        try reader.finish()
        let contents = try UnsignedAddressPack(
            network: network, packID: packID, createdAt: createdAt, identityKey: identityKey, entries: entries)
        guard contents.walletID == walletID else { throw .walletIDMismatch }
        self.init(contents: contents, lowSSignature: signature)
        signerState = state
    }

    /// The canonical JSON bytes (sorted keys, no whitespace, lower-case hex, no trailing newline).
    public func encoded() -> [UInt8] {
        jsonValue.canonicalBytes
    }

    /// The pack as a JSON value.
    var jsonValue: JSONValue {
        var members = BundleEnvelope.members(.addressPack, network: network)
        members["packId"] = .string(packID.hex)
        members["createdAt"] = .string(createdAt.text)
        members["walletId"] = .string(walletID.hex)
        members["identityKey"] = .string(identityKey.compressed.hex)
        members["entries"] = .array(
            entries.map { entry in
                .object([
                    "address": .string(entry.address.string), "scheme": .string(entry.scheme.rawValue),
                    "reference": .string(entry.reference),
                ])
            })
        members["signature"] = .string(signature.derRepresentation.hex)
        if let signerState { members["signerState"] = signerState.jsonValue }
        return .object(members)
    }

    /// Reads one entry object.
    private static func entry(_ field: JSONField, network: Network) throws(BundleError) -> AddressPackEntry {
        var reader = try field.object()
        let addressField = try reader.field("address")
        let addressText = try addressField.string()
        let address: Address
        do {
            address = try Address(string: addressText, network: network)
        } catch {
            throw .invalidAddress(path: addressField.path.text, error)
        }
        let scheme = try reader.field("scheme").oneOf(AddressScheme.self)
        let reference = try reader.field("reference").text(maxBytes: BundleLimits.maxReferenceBytes)
        try reader.finish()
        return AddressPackEntry(checkedAddress: address, scheme: scheme, reference: reference)
    }

    /// Reads a signature field: strict DER, r and s in range, low S (shared by the signed bundles).
    static func signature(_ field: JSONField) throws(BundleError) -> ECDSASignature {
        let der = try field.hexBytes(maxBytes: 72)
        let signature: ECDSASignature
        do {
            signature = try ECDSASignature(derRepresentation: der)
        } catch {
            throw .invalidSignatureEncoding(path: field.path.text)
        }
        guard signature.isLowS else { throw .highSSignature(path: field.path.text) }
        return signature
    }
}
