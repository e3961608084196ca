/// A transaction identifier: `hash256(rawTransaction)`, 32 bytes held inline in internal byte order.
///
/// Byte orders, `Codable` (display hex) and `description` are those of every `Hash32Backed` type. A distinct type
/// from `BlockHash` and `MerkleHash` over the same storage.
public struct Txid: Hash32Backed {
    /// The 32 bytes in internal order.
    public let hash32: Hash32

    /// Wraps 32 bytes already in internal order.
    public init(hash32: Hash32) {
        self.hash32 = hash32
    }

    /// The txid of a serialized transaction: `hash256(bytes)`, in internal order.
    public init(hashing bytes: [UInt8]) {
        hash32 = Hash32(hash256Of: bytes)
    }
}
