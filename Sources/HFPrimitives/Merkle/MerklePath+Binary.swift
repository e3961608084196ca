// The binary (and hex) form of a BRC-74 merkle path.

extension MerklePath {
    /// Parses the binary form.
    ///
    /// Layout: `blockHeight VarInt ‖ treeHeight u8 ‖ per level: nLeaves VarInt ‖ per leaf: offset VarInt ‖ flags u8
    /// ‖ hash (32 bytes, internal order) unless flags = 0x01`. Strict: canonical VarInts only, a block height up to
    /// `UInt32.max`, at most 64 levels, flags 0x00/0x01/0x02 only, leaf counts bounded by the bytes left, no
    /// trailing bytes; then every check of `init(blockHeight:levels:)`. Leaves are sorted by offset, so
    /// `serialized` reproduces the input exactly when its levels were already sorted (as writers produce them).
    /// - Throws: `MerklePathError.malformed`, `.tooManyLevels`, `.invalidFlags`, and as `init(blockHeight:levels:)`.
    public init(serialized bytes: [UInt8]) throws(MerklePathError) {
        var reader = ByteReader(bytes)
        var levels: [[Leaf]] = []
        let blockHeight: UInt32
        do {
            blockHeight = UInt32(try reader.readCompactSize(max: UInt64(UInt32.max)))
            let treeHeight = Int(try reader.readUInt8())
            guard treeHeight <= Self.maxLevelCount else { throw MerklePathError.tooManyLevels(treeHeight) }
            for level in 0..<treeHeight {
                // Each leaf takes at least 2 bytes (offset and flags).
                let count = try reader.readCount(max: reader.remaining / 2)
                var leaves: [Leaf] = []
                leaves.reserveCapacity(count)
                for _ in 0..<count {
                    let offset = try reader.readCompactSize(max: .max)
                    let flags = try reader.readUInt8()
                    switch flags {
                    case 0x01:
                        leaves.append(.duplicate(offset: offset))
                    case 0x00, 0x02:
                        let hash = try MerkleHash(hash32: reader.readHash32())
                        leaves.append(Leaf(offset: offset, hash: hash, isTxid: flags == 0x02))
                    default:
                        throw MerklePathError.invalidFlags(level: level, offset: offset, flags: flags)
                    }
                }
                levels.append(leaves)
            }
            try reader.finish()
        } catch let error as MerklePathError {
            throw error
        } catch let error as ByteReaderError {
            throw .malformed(error)
        } catch {
            // 32-byte reads cannot give a wrong-length hash.
            preconditionFailure("unexpected error decoding a merkle path: \(error)")
        }
        try self.init(blockHeight: blockHeight, levels: levels)
    }

    /// Parses the hex of the binary form (as ARC and other services return it), either case.
    /// - Throws: `MerklePathError.invalidHex`, then as `init(serialized:)`.
    public init(hex: String) throws(MerklePathError) {
        let bytes: [UInt8]
        do {
            bytes = try Hex.decode(hex)
        } catch {
            throw .invalidHex(error)
        }
        try self.init(serialized: bytes)
    }

    /// The binary form: leaves in offset order, canonical VarInts.
    public var serialized: [UInt8] {
        var writer = ByteWriter()
        writer.appendCompactSize(UInt64(blockHeight))
        writer.appendUInt8(UInt8(levels.count))
        for level in levels {
            writer.appendCompactSize(UInt64(level.count))
            for leaf in level {
                writer.appendCompactSize(leaf.offset)
                writer.appendUInt8(leaf.flags)
                if let hash = leaf.hash { writer.appendHash32(hash.hash32) }
            }
        }
        return writer.bytes
    }

    /// The binary form as lower-case hex.
    public var hex: String { Hex.encode(serialized) }
}
