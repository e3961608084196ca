public import HFPrimitives

extension WhatsOnChainClient {
    /// The chain tip from `GET /chain/info`: the fields the watcher uses of the service's reply.
    public struct ChainInfo: Sendable, Equatable, Decodable {
        /// The chain name the service reports: `main`, `test` or `stn`.
        public let chain: String
        /// The height of the best block (`blocks`).
        public let height: Int
        /// The hash of the best block (`bestblockhash`).
        public let bestBlockHash: BlockHash

        /// A value from its parts.
        public init(chain: String, height: Int, bestBlockHash: BlockHash) {
            self.chain = chain
            self.height = height
            self.bestBlockHash = bestBlockHash
        }

        /// The JSON member names.
        private enum CodingKeys: String, CodingKey {
            case chain, blocks, bestblockhash
        }

        /// Decodes `chain`, `blocks` and `bestblockhash`; other members are ignored.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            chain = try container.decode(String.self, forKey: .chain)
            height = try FieldDecoding.height(container, .blocks)
            bestBlockHash = try FieldDecoding.blockHash(container, .bestblockhash)
        }
    }
}
