/// An 80-byte block header.
///
/// Wire layout, all integers little-endian:
/// `version (i32) ‖ previous block hash (32, internal order) ‖ merkle root (32, internal order) ‖ time (u32) ‖
/// bits (u32) ‖ nonce (u32)`. The block's identifier is `hash256` of those 80 bytes (`hash`).
///
/// The 48-byte *noPrev48* form of `.hfheaders` bundles (DESIGN §4) leaves out the previous-block hash:
/// `version ‖ merkle root ‖ time ‖ bits ‖ nonce`. The reader supplies it from the header before.
public struct BlockHeader: Hashable, Sendable {
    /// The block version (signed; BIP9 miners set high bits).
    public let version: Int32
    /// The hash of the previous block's header; all zeros for the genesis block.
    public let previousBlockHash: BlockHash
    /// The root of the block's transaction merkle tree.
    public let merkleRoot: MerkleHash
    /// The miner's timestamp, seconds since 1970-01-01 UTC.
    public let time: UInt32
    /// The proof-of-work target in compact form (see `CompactTarget`).
    public let bits: UInt32
    /// The nonce the miner varied.
    public let nonce: UInt32

    /// The size of a serialized header: 80 bytes.
    public static let byteCount = 80

    /// The size of the noPrev48 form: 48 bytes.
    public static let noPrev48ByteCount = 48

    // MARK: - Initializers

    /// A header from its fields.
    public init(
        version: Int32, previousBlockHash: BlockHash, merkleRoot: MerkleHash, time: UInt32, bits: UInt32,
        nonce: UInt32
    ) {
        self.version = version
        self.previousBlockHash = previousBlockHash
        self.merkleRoot = merkleRoot
        self.time = time
        self.bits = bits
        self.nonce = nonce
    }

    /// Parses a serialized header.
    /// - Parameter bytes: exactly 80 bytes.
    /// - Throws: `BlockHeaderError.wrongLength` for any other length.
    public init(bytes: [UInt8]) throws(BlockHeaderError) {
        guard bytes.count == Self.byteCount else { throw .wrongLength(bytes.count) }
        self.init(checkedBytes: bytes)
    }

    /// Rebuilds a header from its noPrev48 form and the hash of the header before it.
    /// - Parameters:
    ///   - noPrev48: exactly 48 bytes, `version ‖ merkle root ‖ time ‖ bits ‖ nonce`.
    ///   - previousBlockHash: the hash of the previous header (its `hash`).
    /// - Throws: `BlockHeaderError.wrongNoPrev48Length` for any other length.
    public init(noPrev48: [UInt8], previousBlockHash: BlockHash) throws(BlockHeaderError) {
        guard noPrev48.count == Self.noPrev48ByteCount else { throw .wrongNoPrev48Length(noPrev48.count) }
        self.init(checkedBytes: Array(noPrev48[0..<4]) + previousBlockHash.internalBytes + Array(noPrev48[4...]))
    }

    /// Parses bytes whose length is known to be 80.
    private init(checkedBytes bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        do {
            version = try reader.readInt32LE()
            previousBlockHash = try BlockHash(internalBytes: reader.readBytes(32))
            merkleRoot = try MerkleHash(internalBytes: reader.readBytes(32))
            time = try reader.readUInt32LE()
            bits = try reader.readUInt32LE()
            nonce = try reader.readUInt32LE()
        } catch {
            preconditionFailure("80 bytes always hold a header: \(error)")
        }
    }

    // MARK: - Properties

    /// The 80 serialized bytes.
    public var serialized: [UInt8] {
        var writer = ByteWriter(capacity: Self.byteCount)
        writer.appendInt32LE(version)
        writer.appendBytes(previousBlockHash.internalBytes)
        appendTail(to: &writer)
        return writer.bytes
    }

    /// The 48-byte noPrev48 form: the serialized header without the previous-block hash.
    public var noPrev48Bytes: [UInt8] {
        var writer = ByteWriter(capacity: Self.noPrev48ByteCount)
        writer.appendInt32LE(version)
        appendTail(to: &writer)
        return writer.bytes
    }

    /// The block hash, `hash256(serialized)`.
    public var hash: BlockHash { BlockHash(hashing: serialized) }

    /// The compact target of `bits`.
    public var compactTarget: CompactTarget { CompactTarget(bits: bits) }

    // MARK: - Methods

    /// Appends merkle root, time, bits and nonce.
    private func appendTail(to writer: inout ByteWriter) {
        writer.appendBytes(merkleRoot.internalBytes)
        writer.appendUInt32LE(time)
        writer.appendUInt32LE(bits)
        writer.appendUInt32LE(nonce)
    }
}
