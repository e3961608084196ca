// The binary form of a TSC proof (docs/reference/bsv-protocols.md §3.3).

extension TSCProof {
    /// Flag bit 0: `txOrId` is the full transaction.
    static let fullTransactionFlag: UInt8 = 0x01
    /// Flag bits 1–2: the target type.
    static let targetTypeMask: UInt8 = 0x06
    /// Flag bit 3: proof type "tree" (unsupported).
    static let treeProofFlag: UInt8 = 0x08
    /// Flag bit 4: composite proof (unsupported).
    static let compositeFlag: UInt8 = 0x10

    /// Parses the binary form.
    ///
    /// Layout: `flags u8 ‖ index VarInt ‖ (txLen VarInt ‖ rawTx if flags & 1, else txid 32 internal) ‖ target
    /// (32 bytes internal order for a block hash (flags & 6 = 0) or merkle root (4), 80 for a header (2)) ‖
    /// nodeCount VarInt ‖ nodes`, each node `type u8` (0: 32-byte hash follows, 1: `"*"`). go-bc writes the node
    /// count as one byte, which is the same VarInt for up to 64 nodes. Strict: unknown flag bits, tree and
    /// composite proofs, the BRC-11 height target (6), node type 2 (composite offsets) and trailing bytes are
    /// refused.
    /// - Throws: `TSCProofError`: `.malformed` for truncation, non-canonical VarInts and trailing bytes;
    ///   `.unknownFlags`, `.unsupportedProofType`, `.unsupportedComposite`, `.unsupportedTargetType`,
    ///   `.tooManyNodes`, `.invalidNodeType`, and the checks of `init(index:txOrId:target:nodes:)`.
    public init(serialized bytes: [UInt8]) throws(TSCProofError) {
        var reader = ByteReader(bytes)
        do {
            let flags = try reader.readUInt8()
            guard flags & 0xe0 == 0 else { throw TSCProofError.unknownFlags(flags) }
            guard flags & Self.treeProofFlag == 0 else { throw TSCProofError.unsupportedProofType("tree") }
            guard flags & Self.compositeFlag == 0 else { throw TSCProofError.unsupportedComposite }
            let index = try reader.readCompactSize(max: .max)
            let txOrId: TxOrId
            if flags & Self.fullTransactionFlag != 0 {
                txOrId = .transaction(try reader.readVarBytes(maxLength: Self.maxTransactionLength))
            } else {
                txOrId = .txid(try Txid(hash32: reader.readHash32()))
            }
            let target: Target
            switch flags & Self.targetTypeMask {
            case 0x00: target = .blockHash(try BlockHash(hash32: reader.readHash32()))
            case 0x02: target = .header(try BlockHeader(bytes: reader.readBytes(BlockHeader.byteCount)))
            case 0x04: target = .merkleRoot(try MerkleHash(hash32: reader.readHash32()))
            default: throw TSCProofError.unsupportedTargetType("height")
            }
            let count = try reader.readCompactSize(max: .max)
            guard count <= UInt64(Self.maxNodeCount) else { throw TSCProofError.tooManyNodes(Int(clamping: count)) }
            var nodes: [Node] = []
            for _ in 0..<count {
                let type = try reader.readUInt8()
                switch type {
                case 0: nodes.append(.hash(try MerkleHash(hash32: reader.readHash32())))
                case 1: nodes.append(.duplicate)
                default: throw TSCProofError.invalidNodeType(type)
                }
            }
            try reader.finish()
            try self.init(index: index, txOrId: txOrId, target: target, nodes: nodes)
        } catch let error as TSCProofError {
            throw error
        } catch let error as ByteReaderError {
            throw .malformed(error)
        } catch {
            // Fixed-length reads cannot give a wrong-length hash or header.
            preconditionFailure("unexpected error decoding a TSC proof: \(error)")
        }
    }

    /// The binary form (see `init(serialized:)`); hashes in internal order, the node count as a VarInt.
    public var serialized: [UInt8] {
        var writer = ByteWriter()
        var flags: UInt8 = 0
        if case .transaction = txOrId { flags |= Self.fullTransactionFlag }
        switch target {
        case .blockHash: break
        case .header: flags |= 0x02
        case .merkleRoot: flags |= 0x04
        }
        writer.appendUInt8(flags)
        writer.appendCompactSize(index)
        switch txOrId {
        case .txid(let txid): writer.appendHash32(txid.hash32)
        case .transaction(let bytes): writer.appendVarBytes(bytes)
        }
        switch target {
        case .blockHash(let hash): writer.appendHash32(hash.hash32)
        case .header(let header): writer.appendBytes(header.serialized)
        case .merkleRoot(let root): writer.appendHash32(root.hash32)
        }
        writer.appendCompactSize(UInt64(nodes.count))
        for node in nodes {
            switch node {
            case .hash(let hash):
                writer.appendUInt8(0)
                writer.appendHash32(hash.hash32)
            case .duplicate:
                writer.appendUInt8(1)
            }
        }
        return writer.bytes
    }
}
