/// The receive and change chain keys of a wallet's ``BIP32Chains``, derived once from its master key, so that address N
/// costs one non-hardened child step (one HMAC-SHA512 and one point tweak; one scalar addition for its private key).
public struct BIP32ChainKeys: ReceiveChangeKeys, Sendable {
    /// Where the chains are.
    public let chains: BIP32Chains
    /// The receive chain key. Secret (a private extended key).
    public let receiveKey: ExtendedKey
    /// The change chain key. Secret.
    public let changeKey: ExtendedKey

    /// The chain keys of `chains` below `master`.
    ///
    /// - Throws: `ExtendedKeyError` (practically never for a valid master key).
    public init(master: ExtendedKey, chains: BIP32Chains) throws(ExtendedKeyError) {
        self.chains = chains
        receiveKey = try master.derived(chains.receive)
        changeKey = try master.derived(chains.change)
    }
}

extension BIP32ChainKeys: CustomStringConvertible {
    /// The chains' paths; never key material.
    public var description: String { "BIP32ChainKeys(\(chains))" }
}
