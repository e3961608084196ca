public import HFPrimitives

extension JungleBusClient {
    /// One transaction touching an address, as JungleBus indexes it.
    ///
    /// The services' record shapes differ (docs/reference/provider-apis.md §2.2): only `transaction_id` is required; `block_hash`,
    /// `block_height` and `block_index` are used when present. Resolve a missing height with `blockHeight(of:)`.
    public struct AddressRecord: Sendable, Equatable {
        /// The transaction (`transaction_id`).
        public let txid: Txid
        /// The block holding it (`block_hash`), if given.
        public let blockHash: BlockHash?
        /// That block's height (`block_height`), if given.
        public let blockHeight: Int?
        /// The transaction's index in the block (`block_index`), if given.
        public let blockIndex: UInt64?

        /// A record from its parts.
        public init(txid: Txid, blockHash: BlockHash?, blockHeight: Int?, blockIndex: UInt64?) {
            self.txid = txid
            self.blockHash = blockHash
            self.blockHeight = blockHeight
            self.blockIndex = blockIndex
        }

        /// The JSON form; other members are ignored.
        struct JSON: Decodable {
            /// The decoded record.
            let record: AddressRecord
            /// The address the record is about, if given.
            let address: String?

            /// The JSON member names.
            private enum CodingKeys: String, CodingKey {
                case transaction_id, block_hash, block_height, block_index, address
            }

            /// Decodes the members above.
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                record = AddressRecord(
                    txid: try FieldDecoding.txid(container, .transaction_id),
                    blockHash: try FieldDecoding.optionalBlockHash(container, .block_hash),
                    blockHeight: try container.decodeIfPresent(Int64.self, forKey: .block_height).map { _ in
                        try FieldDecoding.height(container, .block_height)
                    },
                    blockIndex: try container.decodeIfPresent(UInt64.self, forKey: .block_index))
                address = try container.decodeIfPresent(String.self, forKey: .address)
            }
        }
    }
}
