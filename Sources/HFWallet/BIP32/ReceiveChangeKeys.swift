public import HFCrypto

/// A wallet's two cached chain-level keys (receive and change), from which address N is one non-hardened child step:
/// what ``BIP44Account`` (ours, `m/44'/236'/account'`) and ``BIP32ChainKeys`` (another application's chains) share.
public protocol ReceiveChangeKeys {
    /// The receive chain key. Secret when private.
    var receiveKey: ExtendedKey { get }
    /// The change chain key. Secret when private.
    var changeKey: ExtendedKey { get }
}

extension ReceiveChangeKeys {
    /// The cached chain-level key of `chain`.
    public func chainKey(_ chain: KeyChainKind) -> ExtendedKey {
        switch chain {
        case .receive: receiveKey
        case .change: changeKey
        }
    }

    /// The public key at `index` of `chain` (one child step from the cached chain key).
    ///
    /// - Throws: `ExtendedKeyError.hardenedDerivationFromPublicKey` for `index ≥ 2³¹`, or `.invalidChild`.
    public func publicKey(_ chain: KeyChainKind, index: UInt32) throws(ExtendedKeyError) -> PublicKey {
        try chainKey(chain).childPublicKey(at: index)
    }

    /// The private key at `index` of `chain`, or nil when the chain key is public (watch-only). Secret.
    ///
    /// - Throws: `ExtendedKeyError.hardenedDerivationFromPublicKey` for `index ≥ 2³¹`, or `.invalidChild`.
    public func privateKey(_ chain: KeyChainKind, index: UInt32) throws(ExtendedKeyError) -> PrivateKey? {
        guard index < DerivationPath.hardenedOffset else { throw .hardenedDerivationFromPublicKey(index: index) }
        return try chainKey(chain).childPrivateKey(at: index)
    }
}
