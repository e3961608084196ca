/// An 80-byte block header.
///
/// Wire layout, all integers little-endian:
/// `version (i32) ‖ previous block hash (32, internal order) ‖ merkle root (32, internal order) ‖ time (u32) ‖
/// bits (u32) ‖ nonce (u32)`. The block's identifier is `hash256` of those 80 bytes (`hash`).
///
/// The 48-byte *noPrev48* form of `.hfheaders` bundles (docs/design.md §4) leaves out the previous-block hash:
/// `version ‖ merkle root ‖ time ‖ bits ‖ nonce`. The reader supplies it from the header before.
public struct BlockHeader: Hashable, Sendable {
    // The two inline hashes are stored first so that the value packs into 80 bytes with no padding.

    /// The hash of the previous block's header; all zeros for the genesis block.
    public let previousBlockHash: BlockHash
    /// The root of the block's transaction merkle tree.
    public let merkleRoot: MerkleHash
    /// The block version (signed; BIP9 miners set high bits).
    public let version: Int32
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
        self = noPrev48.withUnsafeBytes { bytes in
            BlockHeader(
                version: Int32(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: Int32.self)),
                previousBlockHash: previousBlockHash, tail: UnsafeRawBufferPointer(rebasing: bytes[4...]))
        }
    }

    /// Parses 80 bytes from `buffer` with no allocation and no length check beyond a precondition (the hot-path form,
    /// e.g. over a mapped header file).
    /// - Parameter buffer: exactly 80 bytes (another size is a programmer error).
    public init(unsafeBytes buffer: UnsafeRawBufferPointer) {
        precondition(buffer.count == Self.byteCount, "BlockHeader needs exactly 80 bytes")
        self.init(
            version: Int32(littleEndian: buffer.loadUnaligned(fromByteOffset: 0, as: Int32.self)),
            previousBlockHash: BlockHash(hash32: Hash32(unsafeBytes: .init(rebasing: buffer[4..<36]))),
            tail: UnsafeRawBufferPointer(rebasing: buffer[36...]))
    }

    /// Parses bytes whose length is known to be 80.
    private init(checkedBytes bytes: [UInt8]) {
        self = bytes.withUnsafeBytes { BlockHeader(unsafeBytes: $0) }
    }

    /// A header from its version, previous hash and the 44-byte tail `merkle root ‖ time ‖ bits ‖ nonce`.
    private init(version: Int32, previousBlockHash: BlockHash, tail: UnsafeRawBufferPointer) {
        self.version = version
        self.previousBlockHash = previousBlockHash
        merkleRoot = MerkleHash(hash32: Hash32(unsafeBytes: UnsafeRawBufferPointer(rebasing: tail[0..<32])))
        time = UInt32(littleEndian: tail.loadUnaligned(fromByteOffset: 32, as: UInt32.self))
        bits = UInt32(littleEndian: tail.loadUnaligned(fromByteOffset: 36, as: UInt32.self))
        nonce = UInt32(littleEndian: tail.loadUnaligned(fromByteOffset: 40, as: UInt32.self))
    }

    // MARK: - Properties

    /// The 80 serialized bytes.
    public var serialized: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: Self.byteCount) { buffer, initialized in
            write(into: UnsafeMutableRawBufferPointer(buffer))
            initialized = Self.byteCount
        }
    }

    /// The 48-byte noPrev48 form: the serialized header without the previous-block hash.
    public var noPrev48Bytes: [UInt8] {
        let full = serialized
        return Array(full[0..<4] + full[36...])
    }

    /// The block hash, `hash256(serialized)`, computed through a stack buffer (no heap allocation).
    public var hash: BlockHash {
        withSerializedBytes { BlockHash(hash32: Hash32(hash256Of: $0)) }
    }

    /// The compact target of `bits`.
    public var compactTarget: CompactTarget { CompactTarget(bits: bits) }

    // MARK: - Methods

    /// Lends the 80 serialized bytes to `body` from a stack buffer, without a heap allocation.
    public func withSerializedBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        // Ten words: 80 bytes of inline storage, so the buffer lives on the stack.
        var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        return try withUnsafeMutableBytes(of: &storage) { buffer throws(E) in
            write(into: buffer)
            return try body(UnsafeRawBufferPointer(buffer))
        }
    }

    /// Writes the 80 serialized bytes at the start of `buffer` (at least 80 bytes long).
    private func write(into buffer: UnsafeMutableRawBufferPointer) {
        precondition(buffer.count >= Self.byteCount, "BlockHeader.write needs 80 bytes")
        buffer.storeBytes(of: version.littleEndian, toByteOffset: 0, as: Int32.self)
        previousBlockHash.hash32.copyBytes(into: buffer, atByteOffset: 4)
        merkleRoot.hash32.copyBytes(into: buffer, atByteOffset: 36)
        buffer.storeBytes(of: time.littleEndian, toByteOffset: 68, as: UInt32.self)
        buffer.storeBytes(of: bits.littleEndian, toByteOffset: 72, as: UInt32.self)
        buffer.storeBytes(of: nonce.littleEndian, toByteOffset: 76, as: UInt32.self)
    }
}
