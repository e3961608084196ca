public import HFCrypto

/// The other side of a BRC-42 derivation, as BRC-43 names it.
public enum Counterparty: Sendable, Hashable {
    /// "self": my own root public key. Nobody without my private key can derive these children.
    case selfKey
    /// "anyone": the public key of the scalar 1, i.e. `G`. Anyone with my root public key can derive the children.
    case anyone
    /// Another party's identity public key.
    case key(PublicKey)

    /// The counterparty's public key, given my root public key.
    public func publicKey(root: PublicKey) -> PublicKey {
        switch self {
        case .selfKey: root
        case .anyone: PublicKey.generator
        case .key(let key): key
        }
    }
}
