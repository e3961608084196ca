/// Why a BIP32 derivation or an extended key string was rejected.
///
/// No case carries key material or the rejected text. The serialization cases follow the invalid-key list of BIP32
/// test vector 5.
public enum ExtendedKeyError: Error, Equatable, Sendable {
    /// A seed of `count` bytes; BIP32 seeds are 16 to 64 bytes.
    case invalidSeedLength(Int)
    /// `HMAC-SHA512("Bitcoin seed", seed)` gave a key of 0 or ≥ n (probability about 2⁻¹²⁷): use another seed.
    case invalidMasterKey
    /// The child at `index` does not exist (its tweak is ≥ n or the key is 0 / infinity): BIP32 says to skip it.
    case invalidChild(index: UInt32)
    /// A hardened index was asked of a public-only key; hardened children need the private key.
    case hardenedDerivationFromPublicKey(index: UInt32)
    /// The key is already at depth 255.
    case depthOverflow
    /// The text is not Base58 (a character outside the alphabet), or far too short or long.
    case invalidBase58
    /// The Base58Check checksum does not match: the text was mistyped or damaged.
    case badChecksum
    /// The decoded payload has `count` bytes instead of 78.
    case invalidLength(Int)
    /// The 4-byte version is none of xpub, xprv, tpub, tprv.
    case unknownVersion(UInt32)
    /// The version belongs to another network than the one asked for.
    case wrongNetwork
    /// A public version (xpub/tpub) with private key data (`0x00` prefix).
    case publicVersionWithPrivateKeyData
    /// A private version (xprv/tprv) with public key data (`0x02`/`0x03` prefix).
    case privateVersionWithPublicKeyData
    /// Private key data whose first byte is not `0x00`.
    case invalidPrivateKeyPrefix
    /// Public key data whose first byte is not `0x02` or `0x03` (the byte is given).
    case invalidPublicKeyPrefix(UInt8)
    /// Depth 0 (a master key) with a non-zero parent fingerprint.
    case zeroDepthWithParentFingerprint
    /// Depth 0 (a master key) with a non-zero child index.
    case zeroDepthWithChildIndex
    /// Private key data of 0 or ≥ n.
    case invalidPrivateKey
    /// Public key data that is not a point on secp256k1.
    case invalidPublicKey
}

extension ExtendedKeyError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .invalidSeedLength(let count): "a BIP32 seed is 16 to 64 bytes, not \(count)"
        case .invalidMasterKey: "this seed gives an invalid BIP32 master key"
        case .invalidChild(let index): "BIP32 child \(DerivationPath.render(index)) is invalid; use the next index"
        case .hardenedDerivationFromPublicKey(let index):
            "hardened child \(DerivationPath.render(index)) cannot be derived from a public key"
        case .depthOverflow: "an extended key cannot be deeper than 255 levels"
        case .invalidBase58: "an extended key is Base58 text of 111 characters"
        case .badChecksum: "the extended key's checksum does not match: it was mistyped or damaged"
        case .invalidLength(let count): "an extended key holds 78 bytes, not \(count)"
        case .unknownVersion(let version): "unknown extended key version 0x\(String(version, radix: 16))"
        case .wrongNetwork: "the extended key belongs to another network"
        case .publicVersionWithPrivateKeyData: "a public extended key version carries private key data"
        case .privateVersionWithPublicKeyData: "a private extended key version carries public key data"
        case .invalidPrivateKeyPrefix: "private key data in an extended key must start with 0x00"
        case .invalidPublicKeyPrefix(let byte):
            "public key data in an extended key must start with 0x02 or 0x03, not 0x\(String(byte, radix: 16))"
        case .zeroDepthWithParentFingerprint: "a depth-0 extended key has a non-zero parent fingerprint"
        case .zeroDepthWithChildIndex: "a depth-0 extended key has a non-zero child index"
        case .invalidPrivateKey: "the extended key's private key is 0 or not below the curve order"
        case .invalidPublicKey: "the extended key's public key is not a point on secp256k1"
        }
    }
}
