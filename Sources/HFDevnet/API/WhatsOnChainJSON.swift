import HFPrimitives

/// The JSON bodies of the WhatsOnChain imitation (docs/reference/provider-apis.md §1.3), with WhatsOnChain's member names.
enum WhatsOnChainJSON {
    /// `GET /chain/info`.
    struct ChainInfo: Encodable {
        let chain: String
        let blocks: Int
        let headers: Int
        let bestblockhash: String
        let difficulty: Double
        let mediantime: UInt32
        let verificationprogress: Double
        let pruned: Bool
        let chainwork: String

        init(_ info: DevnetChainInfo) {
            chain = info.chain
            blocks = info.blocks
            headers = info.headers
            bestblockhash = info.bestBlockHash.displayHex
            difficulty = info.difficulty
            mediantime = info.medianTime
            verificationprogress = 1
            pruned = false
            chainwork = info.chainworkHex
        }
    }

    /// A block header object (`GET /block/{hash|height}/header`, the elements of `GET /block/headers`):
    /// `previousblockhash` is absent at genesis, `nextblockhash` is `""` at the tip, `nTx` is 0 as observed.
    struct Header: Encodable {
        let hash: String
        let confirmations: Int
        let size: Int
        let height: Int
        let version: Int32
        let versionHex: String
        let merkleroot: String
        let time: UInt32
        let mediantime: UInt32
        let nonce: UInt32
        let bits: String
        let difficulty: Double
        let chainwork: String
        let previousblockhash: String?
        let nextblockhash: String
        let nTx: Int
        let num_tx: Int

        init(_ info: DevnetHeaderInfo) {
            hash = info.hash.displayHex
            confirmations = info.confirmations
            size = info.size
            height = info.height
            version = info.version
            versionHex = info.versionHex
            merkleroot = info.merkleRoot.displayHex
            time = info.time
            mediantime = info.medianTime
            nonce = info.nonce
            bits = info.bitsHex
            difficulty = info.difficulty
            chainwork = info.chainworkHex
            previousblockhash = info.previousBlockHash?.displayHex
            nextblockhash = info.nextBlockHash?.displayHex ?? ""
            nTx = 0
            num_tx = info.transactionCount
        }
    }

    /// A whole block (`GET /block/height/{h}`, `GET /block/hash/{hash}`): the header fields, `txcount`, every txid
    /// in `tx` (devnet blocks are small, so there is never a second page) and `pages` null.
    struct Block: Encodable {
        let header: Header
        let txids: [String]

        private enum CodingKeys: String, CodingKey {
            case txcount, tx, pages
        }

        func encode(to encoder: any Encoder) throws {
            try header.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(txids.count, forKey: .txcount)
            try container.encode(txids, forKey: .tx)
            try container.encodeNil(forKey: .pages)
        }
    }

    /// One TSC proof object of `GET /tx/{txid}/proof/tsc` (the reply is an array of one). The target is the block
    /// hash (no `targetType`), and duplicated nodes are written in full, as WhatsOnChain does.
    struct ProofObject: Encodable {
        let index: UInt64
        let txOrId: String
        let target: String
        let nodes: [String]

        init(_ proof: TSCProof, blockHash: BlockHash) {
            index = proof.index
            txOrId = proof.txid.displayHex
            target = blockHash.displayHex
            var working = MerkleHash(proof.txid)
            var position = proof.index
            var nodes: [String] = []
            for node in proof.nodes {
                let sibling: MerkleHash
                switch node {
                case .duplicate: sibling = working
                case .hash(let hash): sibling = hash
                }
                nodes.append(sibling.displayHex)
                working =
                    position & 1 == 0
                    ? MerkleHash(left: working, right: sibling) : MerkleHash(left: sibling, right: working)
                position >>= 1
            }
            self.nodes = nodes
        }
    }

    /// `POST /txs/status` element: mined `{txid, blockhash, blockheight, blocktime, confirmations}`, in the
    /// mempool `{txid}`, unknown `{txid, error: "unknown"}`.
    struct TransactionStatus: Encodable {
        let txid: String
        let blockhash: String?
        let blockheight: Int?
        let blocktime: UInt32?
        let confirmations: Int?
        let error: String?

        init(txid: String, status: DevnetTransactionStatus) {
            self.txid = txid
            let confirmation = status.confirmation
            blockhash = confirmation?.blockHash.displayHex
            blockheight = confirmation?.height
            blocktime = confirmation?.blockTime
            confirmations = confirmation?.confirmations
            error = status == .unknown ? "unknown" : nil
        }
    }

    /// `{address, script, result, error: "", nextPageToken?}`, the wrapper of the address listings.
    struct Wrapped<Item: Encodable>: Encodable {
        let address: String
        let script: String
        let result: [Item]
        let error: String
        let nextPageToken: String?
    }

    /// A history item `{tx_hash, height}`; mempool items carry no height.
    struct HistoryItem: Encodable {
        let tx_hash: String
        let height: Int?
    }

    /// An unspent item `{height, tx_pos, tx_hash, value, isSpentInMempoolTx, status}` (height 0 when unmined).
    struct UnspentItem: Encodable {
        let height: Int
        let tx_pos: UInt32
        let tx_hash: String
        let value: UInt64
        let isSpentInMempoolTx: Bool
        let status: String

        init(_ output: DevnetUnspentOutput) {
            height = output.height ?? 0
            tx_pos = output.outpoint.vout
            tx_hash = output.outpoint.txid.displayHex
            value = output.satoshis
            isSpentInMempoolTx = output.isSpentInMempool
            status = output.isConfirmed ? "confirmed" : "unconfirmed"
        }
    }

    /// `GET /tx/{txid}/{vout}/spent` when spent: `{txid, vin}`.
    struct Spent: Encodable {
        let txid: String
        let vin: Int
    }

    /// `POST /txs/status` body `{"txids": [...]}`.
    struct TxidsRequest: Decodable {
        let txids: [String]
    }

    /// `POST /tx/raw` body `{"txhex": "..."}`.
    struct RawTransactionRequest: Decodable {
        let txhex: String
    }
}
