/// A block identifier: `hash256` of the 80-byte header, 32 bytes held inline in internal byte order.
///
/// Byte orders, `Codable` (display hex) and `description` are those of every `Hash32Backed` type. A distinct type
/// from `Txid` and `MerkleHash` over the same storage. Read as a little-endian number it is what proof of work
/// compares with the target (`UInt256(blockHash:)`).
public struct BlockHash: Hash32Backed {
    /// The 32 bytes in internal order.
    public let hash32: Hash32

    /// Wraps 32 bytes already in internal order.
    public init(hash32: Hash32) {
        self.hash32 = hash32
    }

    /// The hash of a serialized 80-byte block header: `hash256(bytes)`, in internal order.
    public init(hashing bytes: [UInt8]) {
        hash32 = Hash32(hash256Of: bytes)
    }
}
