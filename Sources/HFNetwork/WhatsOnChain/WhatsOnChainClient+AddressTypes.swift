public import HFPrimitives

extension WhatsOnChainClient {
    /// One transaction in an address's history (`{tx_hash, height}`).
    public struct HistoryItem: Sendable, Equatable, Decodable {
        /// The transaction.
        public let txid: Txid
        /// The block height, or nil for a mempool transaction (the service sends 0, a negative value or nothing).
        public let height: Int?

        /// An item from its parts.
        public init(txid: Txid, height: Int?) {
            self.txid = txid
            self.height = height
        }

        /// The JSON member names.
        private enum CodingKeys: String, CodingKey {
            case tx_hash, height
        }

        /// Decodes `tx_hash` and `height`; other members are ignored.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            txid = try FieldDecoding.txid(container, .tx_hash)
            height = try FieldDecoding.optionalHeight(container, .height)
        }
    }

    /// One unspent output of an address (`{tx_hash, tx_pos, value, height, isSpentInMempoolTx, …}`).
    public struct UnspentOutput: Sendable, Equatable, Decodable {
        /// The transaction holding the output.
        public let txid: Txid
        /// The output's index in that transaction (`tx_pos`).
        public let vout: UInt32
        /// The output's value (`value`, in satoshis).
        public let amount: Amount
        /// The block height, or nil while unconfirmed.
        public let height: Int?
        /// Whether a mempool transaction already spends it (`isSpentInMempoolTx`; false when absent).
        public let isSpentInMempool: Bool

        /// An output from its parts.
        public init(txid: Txid, vout: UInt32, amount: Amount, height: Int?, isSpentInMempool: Bool) {
            self.txid = txid
            self.vout = vout
            self.amount = amount
            self.height = height
            self.isSpentInMempool = isSpentInMempool
        }

        /// The JSON member names.
        private enum CodingKeys: String, CodingKey {
            case tx_hash, tx_pos, value, height, isSpentInMempoolTx
        }

        /// Decodes the members above; others are ignored.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            txid = try FieldDecoding.txid(container, .tx_hash)
            vout = UInt32(try FieldDecoding.integer(container, .tx_pos, in: 0...Int64(UInt32.max)))
            let satoshis = try FieldDecoding.integer(container, .value, in: 0...Int64(Amount.maxMoney))
            amount = try Amount(satoshis: UInt64(satoshis))
            height = try FieldDecoding.optionalHeight(container, .height)
            isSpentInMempool = try container.decodeIfPresent(Bool.self, forKey: .isSpentInMempoolTx) ?? false
        }
    }
}
