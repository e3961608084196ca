public import HFPrimitives

/// A block header with the fields WhatsOnChain's header object carries (`GET /block/{hash|height}/header`, the
/// elements of `GET /block/headers`) and JungleBus's `block_header` records.
public struct DevnetHeaderInfo: Hashable, Sendable {
    /// The header.
    public let header: BlockHeader
    /// The block hash (`hash`).
    public let hash: BlockHash
    /// The block height (`height`).
    public let height: Int
    /// `tip height − height + 1` when the value was made (`confirmations`).
    public let confirmations: Int
    /// The block's size in bytes, network serialization (`size`).
    public let size: Int
    /// The number of transactions (`num_tx`, `txcount`).
    public let transactionCount: Int
    /// The median time of the 11 blocks ending with this one (`mediantime`).
    public let medianTime: UInt32
    /// The cumulative work up to this block (`chainwork`).
    public let chainwork: UInt256
    /// The next block's hash, nil at the tip (WhatsOnChain writes `""` then) (`nextblockhash`).
    public let nextBlockHash: BlockHash?

    /// A header description from its fields.
    public init(
        header: BlockHeader, height: Int, confirmations: Int, size: Int, transactionCount: Int, medianTime: UInt32,
        chainwork: UInt256, nextBlockHash: BlockHash?
    ) {
        self.header = header
        self.hash = header.hash
        self.height = height
        self.confirmations = confirmations
        self.size = size
        self.transactionCount = transactionCount
        self.medianTime = medianTime
        self.chainwork = chainwork
        self.nextBlockHash = nextBlockHash
    }

    /// The 80 serialized header bytes.
    public var bytes: [UInt8] { header.serialized }
    /// The version (`version`, a decimal integer).
    public var version: Int32 { header.version }
    /// The version as 8 lower-case hex digits (`versionHex`).
    public var versionHex: String { Self.hex8(UInt32(bitPattern: header.version)) }
    /// The merkle root (`merkleroot`, display hex).
    public var merkleRoot: MerkleHash { header.merkleRoot }
    /// The timestamp (`time`).
    public var time: UInt32 { header.time }
    /// The nonce (`nonce`).
    public var nonce: UInt32 { header.nonce }
    /// The compact target (`bits` as a number; WhatsOnChain REST writes `bitsHex`).
    public var bits: UInt32 { header.bits }
    /// `bits` as 8 lower-case hex digits, e.g. `"207fffff"` (WhatsOnChain's and JungleBus's `bits`).
    public var bitsHex: String { Self.hex8(header.bits) }
    /// The difficulty (`difficulty`).
    public var difficulty: Double { BlockMiner.difficulty(bits: header.bits) }
    /// `chainwork` as 64 lower-case hex digits.
    public var chainworkHex: String { chainwork.hex }
    /// The previous block's hash, nil for genesis (WhatsOnChain omits `previousblockhash` there).
    public var previousBlockHash: BlockHash? { height == 0 ? nil : header.previousBlockHash }

    /// `value` as 8 lower-case hex digits.
    private static func hex8(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
