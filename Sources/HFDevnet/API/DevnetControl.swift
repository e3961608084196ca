import HFPrimitives

/// The bodies of the devnet's control routes (`/devnet/...`), shared by the server and `hf-devnet`'s commands,
/// which print the same shapes with `--json`.
public enum DevnetControl {
    /// `POST /devnet/mine` body: `{"blocks": N, "to": "<address>"?}`; an empty body mines one block to the
    /// devnet's own address.
    public struct MineRequest: Codable, Sendable, Equatable {
        /// How many blocks, 1 to `DevnetChain.maxBlocksPerCall` (default 1).
        public let blocks: Int?
        /// The regtest address the coinbases pay, or nil for the devnet's own.
        public let to: String?

        /// A request from its parts.
        public init(blocks: Int?, to: String?) {
            self.blocks = blocks
            self.to = to
        }
    }

    /// `POST /devnet/mine` reply and `hf-devnet mine --json`: `{"hashes": [...], "height": N}`.
    public struct MineResult: Codable, Sendable, Equatable {
        /// The new blocks' hashes (display hex), lowest first.
        public let hashes: [String]
        /// The tip height afterwards.
        public let height: Int

        /// A result from its parts.
        public init(hashes: [String], height: Int) {
            self.hashes = hashes
            self.height = height
        }
    }

    /// `POST /devnet/fund` body: `{"address": "<address>", "satoshis": N}`.
    public struct FundRequest: Codable, Sendable, Equatable {
        /// The regtest address to pay.
        public let address: String
        /// The amount, 1 sat to 21 000 000 BSV.
        public let satoshis: UInt64

        /// A request from its parts.
        public init(address: String, satoshis: UInt64) {
            self.address = address
            self.satoshis = satoshis
        }
    }

    /// `POST /devnet/fund` reply and `hf-devnet fund --json`: `{"txid": "…", "height": N}`, the funding
    /// transaction, mined at the tip `height`.
    public struct FundResult: Codable, Sendable, Equatable {
        /// The funding transaction (display hex).
        public let txid: String
        /// The height of the block holding it, the tip.
        public let height: Int

        /// A result from its parts.
        public init(txid: String, height: Int) {
            self.txid = txid
            self.height = height
        }
    }

    /// `POST /devnet/reorg` body: `{"from": H, "blocks": N, "to": "<address>"?}`.
    public struct ReorgRequest: Codable, Sendable, Equatable {
        /// The first height replaced, 1 to the tip.
        public let from: Int
        /// How many blocks the new branch has: more than `tip − from + 1`, at most `DevnetChain.maxBlocksPerCall`.
        public let blocks: Int
        /// The regtest address the new coinbases pay, or nil for the devnet's own.
        public let to: String?

        /// A request from its parts.
        public init(from: Int, blocks: Int, to: String?) {
            self.from = from
            self.blocks = blocks
            self.to = to
        }
    }

    /// `POST /devnet/reorg` reply and `hf-devnet reorg --json`: `{"from", "oldTip", "oldTipHash", "newTip",
    /// "newTipHash", "disconnected", "disconnectedHashes", "hashes", "dropped", "evicted"}`: heights and counts as
    /// numbers, hashes and txids as display hex.
    public struct ReorgResult: Codable, Sendable, Equatable {
        /// The first height replaced.
        public let from: Int
        /// The tip height before.
        public let oldTip: Int
        /// The tip's hash before.
        public let oldTipHash: String
        /// The tip height after.
        public let newTip: Int
        /// The new tip's hash.
        public let newTipHash: String
        /// How many blocks were disconnected (`oldTip − from + 1`).
        public let disconnected: Int
        /// Their hashes, lowest first.
        public let disconnectedHashes: [String]
        /// The new blocks' hashes, lowest first.
        public let hashes: [String]
        /// The transactions of the disconnected blocks (coinbases aside), now neither mined nor in the mempool.
        public let dropped: [String]
        /// Mempool transactions removed because they spent outputs that left the chain.
        public let evicted: [String]

        /// The reply for `reorg`.
        public init(_ reorg: DevnetReorg) {
            from = reorg.from
            oldTip = reorg.oldTipHeight
            oldTipHash = reorg.oldTipHash.displayHex
            newTip = reorg.newTipHeight
            newTipHash = reorg.newTipHash.displayHex
            disconnected = reorg.disconnectedBlocks.count
            disconnectedHashes = reorg.disconnectedBlocks.map(\.displayHex)
            hashes = reorg.newBlocks.map(\.displayHex)
            dropped = reorg.droppedTransactions.map(\.displayHex)
            evicted = reorg.evictedTransactions.map(\.displayHex)
        }
    }

    /// The base URLs a client is configured with (`GET /devnet/info`).
    public struct ServiceURLs: Codable, Sendable, Equatable {
        /// WhatsOnChain (`woc.url`).
        public let whatsOnChain: String
        /// JungleBus (`junglebus.url`).
        public let jungleBus: String
        /// ARC (`arc.url`).
        public let arc: String
        /// The ordinals indexer (`ordinals.url`).
        public let ordinals: String
        /// The paymail host (`paymail.host-override`).
        public let paymail: String

        /// The URLs under `base` (`http://127.0.0.1:PORT`, or `""` for paths only).
        public init(base: String) {
            whatsOnChain = base + DevnetAPI.whatsOnChainPrefix
            jungleBus = base + DevnetAPI.jungleBusPrefix
            arc = base + DevnetAPI.arcPrefix
            ordinals = base + DevnetAPI.ordinalsPrefix
            paymail = base + DevnetAPI.paymailPrefix
        }
    }

    /// `GET /devnet/info`: `{"network", "height", "bestBlockHash", "coinbaseAddress", "mempoolTransactions",
    /// "services": {"whatsOnChain", "jungleBus", "arc", "ordinals"}}`.
    public struct Info: Codable, Sendable, Equatable {
        /// `regtest`.
        public let network: String
        /// The tip height.
        public let height: Int
        /// The tip's hash.
        public let bestBlockHash: String
        /// The devnet's own address (default coinbase payee, source of funding).
        public let coinbaseAddress: String
        /// The number of transactions in the mempool.
        public let mempoolTransactions: Int
        /// The services' base URLs.
        public let services: ServiceURLs
    }

    /// An error reply of the control routes: `{"error": "<sentence>"}`.
    public struct ErrorReply: Codable, Sendable, Equatable {
        /// What went wrong.
        public let error: String

        /// A reply from its message.
        public init(error: String) {
            self.error = error
        }
    }
}
