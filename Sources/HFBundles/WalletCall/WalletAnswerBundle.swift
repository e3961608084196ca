public import HFCrypto
public import HFPrimitives

/// A `.hfanswer` bundle: the signer's answer to one `.hfcall`, signed by the wallet's identity key.
///
/// Decoding checks the structure but **not** the signature: call `verify(answers:)` with the pending call, which
/// also checks that the answer is for that call (call ID, call digest, method, network) and from its wallet.
public struct WalletAnswerBundle: Hashable, Sendable {
    /// What the signer answered.
    public enum Outcome: Hashable, Sendable {
        /// The result object (the BRC-100 result, or for `createAction` hf-airgap's `{"txid","rawTx"}`).
        case result([String: JSONValue])
        /// A refusal the watcher relays as the BRC-100 error: a short code (1…64 printable ASCII) and a
        /// description (1…1,024 bytes of text without control characters).
        case refused(code: String, description: String)
    }

    /// The ASCII tag at the start of the signed preimage.
    public static let preimageTag = "HFANSWER"

    /// The network of the call.
    public let network: Network
    /// The call ID answered (16 bytes).
    public let callID: [UInt8]
    /// `WalletCallBundle.digest` of the call answered (32 bytes).
    public let callDigest: [UInt8]
    /// When the answer was made.
    public let createdAt: RFC3339Timestamp
    /// The wallet's identity key, which signs the answer.
    public let identityKey: PublicKey
    /// The method of the call answered.
    public let method: WalletCallMethod
    /// The result or the refusal.
    public let outcome: Outcome
    /// The identity key's signature over `digest` (low-S).
    public let signature: ECDSASignature
    /// The signer's state carried with the bundle (`signerState`), if any: see ``SignerState``.
    public var signerState: SignerState?

    // MARK: - Initializers

    /// Answers `call`, signing with the identity private key (ECDSA, RFC 6979, low-S).
    /// - Throws: `BundleError.identityKeyMismatch` when `identity` is not the call's identity key; the outcome's
    ///   field errors (paths `refused.code`, `refused.description`); `.tooLarge` over
    ///   `BundleLimits.maxWalletAnswerBytes`.
    public init(
        answering call: WalletCallBundle, createdAt: RFC3339Timestamp, outcome: Outcome,
        signingWith identity: PrivateKey
    ) throws(BundleError) {
        guard identity.publicKey == call.identityKey else { throw .identityKeyMismatch }
        try Self.check(outcome)
        let callDigest = call.digest
        let unsigned = Self.unsignedMembers(
            network: call.network, callID: call.callID, callDigest: callDigest, createdAt: createdAt,
            identityKey: call.identityKey, method: call.method, outcome: outcome)
        let signature: ECDSASignature
        do { signature = try identity.signature(forDigest: Self.digest(unsigned)) } catch {
            preconditionFailure("signing a 32-byte digest cannot fail: \(error)")
        }
        self.init(network: call.network, callID: call.callID, callDigest: callDigest, createdAt: createdAt,
                  identityKey: call.identityKey, method: call.method, outcome: outcome, signature: signature)
        let size = encoded().count
        guard size <= BundleLimits.maxWalletAnswerBytes else {
            throw .tooLarge(size: size, limit: BundleLimits.maxWalletAnswerBytes)
        }
    }

    /// An answer whose fields were checked.
    init(network: Network, callID: [UInt8], callDigest: [UInt8], createdAt: RFC3339Timestamp,
         identityKey: PublicKey, method: WalletCallMethod, outcome: Outcome, signature: ECDSASignature) {
        self.network = network
        self.callID = callID
        self.callDigest = callDigest
        self.createdAt = createdAt
        self.identityKey = identityKey
        self.method = method
        self.outcome = outcome
        self.signature = signature
    }

    // MARK: - Properties

    /// `callID` as 32 lower-case hex digits.
    public var callIDHex: String { callID.hex }

    /// The digest the identity key signs: SHA-256 of ASCII `HFANSWER` ‖ u8 1 ‖ the canonical JSON of every member
    /// of the answer except `signature`.
    public var digest: [UInt8] {
        Self.digest(Self.unsignedMembers(
            network: network, callID: callID, callDigest: callDigest, createdAt: createdAt,
            identityKey: identityKey, method: method, outcome: outcome))
    }

    // MARK: - Methods

    /// Verifies the signature with `identityKey`.
    /// - Throws: `BundleError.signatureInvalid` when it does not verify.
    public func verify() throws(BundleError) {
        guard identityKey.isValidSignature(signature, forDigest: digest) else { throw .signatureInvalid }
    }

    /// Verifies that this answers `call`: same wallet (`.identityKeyMismatch`), same call ID, digest, method and
    /// network (`.answerMismatch`), and a valid signature (`.signatureInvalid`).
    public func verify(answers call: WalletCallBundle) throws(BundleError) {
        try verify(answers: call.reference)
    }

    /// `verify(answers:)` against a call's reference.
    public func verify(answers call: WalletCallReference) throws(BundleError) {
        guard identityKey == call.identityKey else { throw .identityKeyMismatch }
        guard network == call.network, method == call.method,
              constantTimeEqual(callID, call.callID), constantTimeEqual(callDigest, call.digest)
        else { throw .answerMismatch }
        try verify()
    }

    // MARK: - Internal

    /// Checks the refusal's code and description.
    static func check(_ outcome: Outcome) throws(BundleError) {
        guard case .refused(let code, let description) = outcome else { return }
        guard !code.isEmpty else { throw .emptyValue(path: "refused.code") }
        guard code.utf8.count <= BundleLimits.maxRefusalCodeBytes else {
            throw .overLimit(path: "refused.code", limit: BundleLimits.maxRefusalCodeBytes)
        }
        guard code.utf8.allSatisfy({ (0x21...0x7e).contains($0) }) else { throw .invalidText(path: "refused.code") }
        guard !description.isEmpty else { throw .emptyValue(path: "refused.description") }
        guard description.utf8.count <= BundleLimits.maxRefusalDescriptionBytes else {
            throw .overLimit(path: "refused.description", limit: BundleLimits.maxRefusalDescriptionBytes)
        }
        guard !description.utf8.contains(where: { $0 < 0x20 || $0 == 0x7f }) else {
            throw .invalidText(path: "refused.description")
        }
    }

    /// Every member except `signature`.
    static func unsignedMembers(
        network: Network, callID: [UInt8], callDigest: [UInt8], createdAt: RFC3339Timestamp,
        identityKey: PublicKey, method: WalletCallMethod, outcome: Outcome
    ) -> [String: JSONValue] {
        var members = BundleEnvelope.members(.walletAnswer, network: network)
        members["callId"] = .string(callID.hex)
        members["callDigest"] = .string(callDigest.hex)
        members["createdAt"] = .string(createdAt.text)
        members["walletId"] = .string(UnsignedAddressPack.walletID(identityKey: identityKey, network: network).hex)
        members["identityKey"] = .string(identityKey.compressed.hex)
        members["method"] = .string(method.rawValue)
        switch outcome {
        case .result(let result): members["result"] = .object(result)
        case .refused(let code, let description):
            members["refused"] = .object(["code": .string(code), "description": .string(description)])
        }
        return members
    }

    private static func digest(_ unsigned: [String: JSONValue]) -> [UInt8] {
        Hash.sha256(Array(preimageTag.utf8) + [1] + JSONValue.object(unsigned).canonicalBytes)
    }
}
