/// A BIP44 account of BSV, `m/44'/236'/account'`, with its receive (`/0`) and change (`/1`) chain keys cached.
///
/// Deriving address `n` then costs one non-hardened child step from the cached chain key: one HMAC-SHA512 and one
/// point tweak for the public key, or one scalar addition for the private key. An account built from an xpub is
/// watch-only and gives no private keys.
public struct BIP44Account: ReceiveChangeKeys, Sendable {
    /// The BIP44 purpose, 44 (hardened in paths).
    public static let purpose: UInt32 = 44
    /// BSV's SLIP-44 coin type, 236 (hardened in paths).
    public static let coinType: UInt32 = 236

    /// The account number (0 for the first account).
    public let account: UInt32
    /// The account-level key `m/44'/236'/account'` (private unless watch-only).
    public let accountKey: ExtendedKey
    /// The receive chain key `…/0`.
    public let receiveKey: ExtendedKey
    /// The change chain key `…/1`.
    public let changeKey: ExtendedKey

    // MARK: - Initializers

    /// The account below a master key.
    ///
    /// - Parameters:
    ///   - master: the BIP32 master key `m` (private).
    ///   - account: the account number, below 2³¹; 0 by default.
    /// - Throws: `ExtendedKeyError` (practically never for a valid master key).
    public init(master: ExtendedKey, account: UInt32 = 0) throws(ExtendedKeyError) {
        try self.init(accountKey: master.derived(Self.accountPath(account)))
    }

    /// An account from its account-level key, private or public (from an xpub: watch-only).
    ///
    /// - Throws: `ExtendedKeyError` (practically never).
    public init(accountKey: ExtendedKey) throws(ExtendedKeyError) {
        self.accountKey = accountKey
        account = accountKey.childIndex & ~DerivationPath.hardenedOffset
        receiveKey = try accountKey.derivedChild(at: KeyChainKind.receive.bip44Chain)
        changeKey = try accountKey.derivedChild(at: KeyChainKind.change.bip44Chain)
    }

    // MARK: - Methods

    /// `m/44'/236'/account'`.
    ///
    /// - Precondition: `account < 2³¹`.
    public static func accountPath(_ account: UInt32 = 0) -> DerivationPath {
        DerivationPath(indices: [
            DerivationPath.hardened(purpose), DerivationPath.hardened(coinType), DerivationPath.hardened(account),
        ])
    }

    /// The full path `m/44'/236'/account'/c/index`.
    public func path(_ chain: KeyChainKind, index: UInt32) -> DerivationPath {
        Self.accountPath(account).appending(chain.bip44Chain).appending(index)
    }
}

extension BIP44Account: CustomStringConvertible {
    /// The account number and whether it is watch-only; never key material.
    public var description: String {
        "BIP44Account(\(account)\(accountKey.isPrivate ? "" : ", watch-only"))"
    }
}
