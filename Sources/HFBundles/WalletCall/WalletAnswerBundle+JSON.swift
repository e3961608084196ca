import HFCrypto
public import HFPrimitives

extension WalletAnswerBundle {
    /// Decodes and validates a `.hfanswer` file. The signature is **not** verified here: call `verify(answers:)`.
    ///
    /// - Parameters:
    ///   - bytes: the file's bytes (at most `BundleLimits.maxWalletAnswerBytes`).
    ///   - expectedNetwork: the network in use; nil accepts any.
    /// - Throws: `BundleError` for the first fault: size, JSON, envelope, fields (missing, unknown, types, hex,
    ///   sizes), an unknown method, both or neither of `result` and `refused`, a refusal code or description out of
    ///   bounds, an identity key that is not a compressed point, a wallet ID that does not match it, or a signature
    ///   that is not strict DER or is high-S.
    public init(decoding bytes: [UInt8], expectedNetwork: Network?) throws(BundleError) {
        guard bytes.count <= BundleLimits.maxWalletAnswerBytes else {
            throw .tooLarge(size: bytes.count, limit: BundleLimits.maxWalletAnswerBytes)
        }
        var reader = try BundleEnvelope.topLevel(bytes)
        try reader.readFormat(.walletAnswer)
        let network = try reader.readNetwork(expected: expectedNetwork)
        let callID = try reader.field("callId").hexBytes(count: BundleLimits.walletCallIDBytes)
        let callDigest = try reader.field("callDigest").hexBytes(count: 32)
        let createdAt = try reader.field("createdAt").timestamp()
        let walletID = try reader.field("walletId").hexBytes(count: 32)
        let identityKey = try reader.field("identityKey").publicKey()
        let method = try reader.field("method").oneOf(WalletCallMethod.self)
        let outcome = try Self.outcome(result: reader.optionalField("result"), refused: reader.optionalField("refused"))
        let signature = try AddressPackBundle.signature(try reader.field("signature"))
        let state = try reader.readSignerState(network: network)
        try reader.finish()
        try Self.check(outcome)
        self.init(network: network, callID: callID, callDigest: callDigest, createdAt: createdAt,
                  identityKey: identityKey, method: method, outcome: outcome, signature: signature)
        guard UnsignedAddressPack.walletID(identityKey: identityKey, network: network) == walletID else {
            throw .walletIDMismatch
        }
        signerState = state
    }

    /// The canonical JSON bytes (sorted keys, no whitespace, lower-case hex, no trailing newline).
    public func encoded() -> [UInt8] {
        var members = Self.unsignedMembers(
            network: network, callID: callID, callDigest: callDigest, createdAt: createdAt,
            identityKey: identityKey, method: method, outcome: outcome)
        members["signature"] = .string(signature.derRepresentation.hex)
        if let signerState { members["signerState"] = signerState.jsonValue }
        return JSONValue.object(members).canonicalBytes
    }

    /// Exactly one of `result` (an object) and `refused` (`{"code","description"}`).
    private static func outcome(result: JSONField?, refused: JSONField?) throws(BundleError) -> Outcome {
        switch (result, refused) {
        case (let result?, nil):
            guard case .object(let members) = result.value else {
                throw .wrongType(path: result.path.text, expected: .object, found: result.value.type)
            }
            return .result(members)
        case (nil, let refused?):
            var reader = try refused.object()
            let code = try reader.field("code").string()
            let description = try reader.field("description").string()
            try reader.finish()
            return .refused(code: code, description: description)
        case (_?, _?):
            throw .unknownField(path: "refused")
        case (nil, nil):
            throw .missingField(path: "result")
        }
    }
}
