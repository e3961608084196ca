public import HFPrimitives

/// One block of the devnet chain: its header and its transactions, coinbase first.
///
/// `serialized` is the network (node) form, `header ‖ VarInt count ‖ transactions`. The state directory stores blocks
/// in a form that is easier to read back strictly (`storageBytes`): `header ‖ VarInt count ‖ for each transaction
/// VarInt length ‖ transaction`.
public struct DevnetBlock: Hashable, Sendable {
    /// The 80-byte header.
    public let header: BlockHeader
    /// The transactions in block order; the first is the coinbase.
    public let transactions: [Transaction]
    /// Their txids, in the same order.
    public let txids: [Txid]

    // MARK: - Initializers

    /// A block of `transactions` under `header` (the caller checks that the merkle root matches).
    public init(header: BlockHeader, transactions: [Transaction]) {
        self.header = header
        self.transactions = transactions
        self.txids = transactions.map(\.txid)
    }

    /// Reads the storage form strictly: every length bounded by the remaining bytes, each transaction decoded
    /// strictly, nothing left over. Returns nil for anything else.
    init?(storageBytes bytes: [UInt8]) {
        var reader = ByteReader(bytes)
        guard let headerBytes = try? reader.readBytes(BlockHeader.byteCount),
            let header = try? BlockHeader(bytes: headerBytes),
            let count = try? reader.readCount(max: reader.remaining), count > 0
        else { return nil }
        var transactions: [Transaction] = []
        transactions.reserveCapacity(count)
        for _ in 0..<count {
            guard let raw = try? reader.readVarBytes(maxLength: reader.remaining),
                let transaction = try? Transaction(bytes: raw)
            else { return nil }
            transactions.append(transaction)
        }
        guard reader.isAtEnd else { return nil }
        self.init(header: header, transactions: transactions)
    }

    // MARK: - Properties

    /// The block hash.
    public var hash: BlockHash { header.hash }

    /// The size of the network serialization in bytes (WhatsOnChain's `size`).
    public var size: Int {
        BlockHeader.byteCount + CompactSize.encodedLength(of: UInt64(transactions.count))
            + transactions.reduce(0) { $0 + $1.size }
    }

    /// The network serialization: `header ‖ VarInt count ‖ transactions`.
    public var serialized: [UInt8] {
        var writer = ByteWriter(capacity: size)
        writer.appendBytes(header.serialized)
        writer.appendCompactSize(UInt64(transactions.count))
        for transaction in transactions { writer.appendBytes(transaction.serialized) }
        return writer.bytes
    }

    /// The storage form (see the type's documentation).
    var storageBytes: [UInt8] {
        var writer = ByteWriter(capacity: size + 5 * transactions.count)
        writer.appendBytes(header.serialized)
        writer.appendCompactSize(UInt64(transactions.count))
        for transaction in transactions { writer.appendVarBytes(transaction.serialized) }
        return writer.bytes
    }

    /// The merkle root of `transactions` (in block order).
    /// - Precondition: at least one transaction, distinct txids.
    static func merkleRoot(of transactions: [Transaction]) -> MerkleHash {
        do {
            return try MerkleTree.root(of: transactions.map(\.txid))
        } catch {
            preconditionFailure("devnet blocks have distinct txids: \(error)")
        }
    }

    /// The block's merkle tree (for proofs).
    /// - Precondition: the block has at least one transaction and distinct txids (every block the devnet holds).
    var merkleTree: MerkleTree {
        do {
            return try MerkleTree(txids: txids)
        } catch {
            preconditionFailure("a devnet block always has a valid merkle tree: \(error)")
        }
    }
}
