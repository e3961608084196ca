import HFCrypto
public import HFPrimitives

extension WalletCallBundle {
    /// Decodes and validates a `.hfcall` file.
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes (at most `BundleLimits.maxWalletCallBytes`).
    ///   - expectedNetwork: the network in use; nil accepts any.
    /// - Throws: `BundleError` for the first fault: size, JSON, envelope, fields (missing, unknown, types, hex,
    ///   sizes), an originator that is not printable ASCII, an unknown method, an identity key that is not a
    ///   compressed point, or a wallet ID that does not match it.
    public init(decoding bytes: [UInt8], expectedNetwork: Network?) throws(BundleError) {
        guard bytes.count <= BundleLimits.maxWalletCallBytes else {
            throw .tooLarge(size: bytes.count, limit: BundleLimits.maxWalletCallBytes)
        }
        var reader = try BundleEnvelope.topLevel(bytes)
        try reader.readFormat(.walletCall)
        let network = try reader.readNetwork(expected: expectedNetwork)
        let callID = try reader.field("callId").hexBytes(count: BundleLimits.walletCallIDBytes)
        let createdAt = try reader.field("createdAt").timestamp()
        let originatorField = try reader.field("originator")
        let originator = try originatorField.string()
        try Self.checkOriginator(originator, path: originatorField.path.text)
        let walletID = try reader.field("walletId").hexBytes(count: 32)
        let identityKey = try reader.field("identityKey").publicKey()
        let method = try reader.field("method").oneOf(WalletCallMethod.self)
        let argumentsField = try reader.field("arguments")
        guard case .object(let arguments) = argumentsField.value else {
            throw .wrongType(path: argumentsField.path.text, expected: .object, found: argumentsField.value.type)
        }
        try reader.finish()
        try self.init(network: network, callID: callID, createdAt: createdAt, originator: originator,
                      identityKey: identityKey, method: method, arguments: arguments)
        guard self.walletID == walletID else { throw .walletIDMismatch }
    }

    /// The canonical JSON bytes (sorted keys, no whitespace, lower-case hex, no trailing newline).
    public func encoded() -> [UInt8] {
        var members = BundleEnvelope.members(.walletCall, network: network)
        members["callId"] = .string(callID.hex)
        members["createdAt"] = .string(createdAt.text)
        members["originator"] = .string(originator)
        members["walletId"] = .string(walletID.hex)
        members["identityKey"] = .string(identityKey.compressed.hex)
        members["method"] = .string(method.rawValue)
        members["arguments"] = .object(arguments)
        return JSONValue.object(members).canonicalBytes
    }
}
