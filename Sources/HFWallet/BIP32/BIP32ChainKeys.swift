public import HFCrypto

/// The receive and change chain keys of a wallet's ``BIP32Chains``, derived once from its master key, so that address N
/// costs one non-hardened child step (one HMAC-SHA512 and one point tweak; one scalar addition for its private key).
public struct BIP32ChainKeys: Sendable {
    /// Where the chains are.
    public let chains: BIP32Chains
    /// The receive chain key. Secret (a private extended key).
    let receiveKey: ExtendedKey
    /// The change chain key. Secret.
    let changeKey: ExtendedKey

    /// The chain keys of `chains` below `master`.
    ///
    /// - Throws: `ExtendedKeyError` (practically never for a valid master key).
    public init(master: ExtendedKey, chains: BIP32Chains) throws(ExtendedKeyError) {
        self.chains = chains
        receiveKey = try master.derived(chains.receive)
        changeKey = try master.derived(chains.change)
    }

    /// The cached key of `chain`.
    public func chainKey(_ chain: KeyChainKind) -> ExtendedKey {
        switch chain {
        case .receive: receiveKey
        case .change: changeKey
        }
    }

    /// The public key at `index` of `chain`.
    ///
    /// - Throws: `ExtendedKeyError.hardenedDerivationFromPublicKey` for `index ≥ 2³¹`, or `.invalidChild`.
    public func publicKey(_ chain: KeyChainKind, index: UInt32) throws(ExtendedKeyError) -> PublicKey {
        try chainKey(chain).childPublicKey(at: index)
    }

    /// The private key at `index` of `chain`. Secret.
    ///
    /// - Throws: `ExtendedKeyError.hardenedDerivationFromPublicKey` for `index ≥ 2³¹`, or `.invalidChild`.
    public func privateKey(_ chain: KeyChainKind, index: UInt32) throws(ExtendedKeyError) -> PrivateKey? {
        guard index < DerivationPath.hardenedOffset else { throw .hardenedDerivationFromPublicKey(index: index) }
        return try chainKey(chain).childPrivateKey(at: index)
    }
}

extension BIP32ChainKeys: CustomStringConvertible {
    /// The chains' paths; never key material.
    public var description: String { "BIP32ChainKeys(\(chains))" }
}
