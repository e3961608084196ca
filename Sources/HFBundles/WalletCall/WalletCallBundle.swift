public import HFCrypto
public import HFPrimitives

/// A `.hfcall` bundle: one BRC-100 call an application made to the watcher that needs a wallet key, carried to the
/// signer for review.
///
/// The call is not signed: the signer shows the originator and what the call will do and signs nothing without the
/// user's approval; its answer (`WalletAnswerBundle`) is bound to this call by `callID` and `digest`.
public struct WalletCallBundle: Hashable, Sendable {
    /// The network the call is for.
    public let network: Network
    /// 16 random bytes naming the call (`callId`, 32 lower-case hex digits).
    public let callID: [UInt8]
    /// When the watcher received the call.
    public let createdAt: RFC3339Timestamp
    /// Who made the call, as its `Originator` (or `Origin`) header said: 1…253 bytes of printable ASCII. Untrusted.
    public let originator: String
    /// The identity key (`m/13'/0'`) of the wallet the call is for.
    public let identityKey: PublicKey
    /// The BRC-100 method.
    public let method: WalletCallMethod
    /// The BRC-100 arguments object as the application sent it. Untrusted: the signer checks what it uses.
    public let arguments: [String: JSONValue]

    // MARK: - Initializers

    /// A call with checked fields.
    /// - Throws: `BundleError.wrongLength` (path `callId`) unless `callID` has 16 bytes, `.overLimit`/`.emptyValue`/
    ///   `.invalidText` (path `originator`), `.tooLarge` when the encoded call would exceed
    ///   `BundleLimits.maxWalletCallBytes`.
    public init(
        network: Network, callID: [UInt8], createdAt: RFC3339Timestamp, originator: String, identityKey: PublicKey,
        method: WalletCallMethod, arguments: [String: JSONValue]
    ) throws(BundleError) {
        guard callID.count == BundleLimits.walletCallIDBytes else {
            throw .wrongLength(path: "callId", expected: BundleLimits.walletCallIDBytes, actual: callID.count)
        }
        try Self.checkOriginator(originator, path: "originator")
        self.network = network
        self.callID = callID
        self.createdAt = createdAt
        self.originator = originator
        self.identityKey = identityKey
        self.method = method
        self.arguments = arguments
        let size = encoded().count
        guard size <= BundleLimits.maxWalletCallBytes else {
            throw .tooLarge(size: size, limit: BundleLimits.maxWalletCallBytes)
        }
    }

    // MARK: - Properties

    /// `callID` as 32 lower-case hex digits, the name of the call everywhere (file names, `pending`, answers).
    public var callIDHex: String { callID.hex }

    /// The 32-byte wallet ID of the identity key on the network (docs/design.md §3).
    public var walletID: [UInt8] { UnsignedAddressPack.walletID(identityKey: identityKey, network: network) }

    /// SHA-256 of `encoded()`: what an answer names as the call it answers.
    public var digest: [UInt8] { Hash.sha256(encoded()) }

    // MARK: - Internal

    /// Checks an originator: 1…253 bytes of printable ASCII (U+0020…U+007E).
    static func checkOriginator(_ text: String, path: String) throws(BundleError) {
        guard !text.isEmpty else { throw .emptyValue(path: path) }
        guard text.utf8.count <= BundleLimits.maxOriginatorBytes else {
            throw .overLimit(path: path, limit: BundleLimits.maxOriginatorBytes)
        }
        guard text.utf8.allSatisfy({ (0x20...0x7e).contains($0) }) else { throw .invalidText(path: path) }
    }
}
