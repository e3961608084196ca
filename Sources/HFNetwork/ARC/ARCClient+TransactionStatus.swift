public import HFPrimitives

extension ARCClient {
    /// ARC's record of a transaction: the 200 reply of `POST /v1/tx` and `GET /v1/tx/{txid}`.
    public struct TransactionStatus: Sendable, Equatable {
        /// The transaction.
        public let txid: Txid
        /// ARC's status; a failure status (REJECTED, DOUBLE_SPEND_ATTEMPTED …) also arrives with HTTP 200.
        public let status: TxStatus
        /// The block holding it, once mined.
        public let blockHash: BlockHash?
        /// That block's height, once mined.
        public let blockHeight: Int?
        /// The BRC-74 BUMP bytes, once mined (to be verified against the watcher's own headers).
        public let merklePath: [UInt8]?
        /// ARC's extra text (for REJECTED, the reason); empty when none.
        public let extraInfo: String
        /// The competing transactions of a double spend.
        public let competingTxs: [Txid]

        /// A status from its parts.
        public init(
            txid: Txid, status: TxStatus, blockHash: BlockHash? = nil, blockHeight: Int? = nil,
            merklePath: [UInt8]? = nil, extraInfo: String = "", competingTxs: [Txid] = []
        ) {
            self.txid = txid
            self.status = status
            self.blockHash = blockHash
            self.blockHeight = blockHeight
            self.merklePath = merklePath
            self.extraInfo = extraInfo
            self.competingTxs = competingTxs
        }

        /// The same status with `extraInfo` passed through `scrub`.
        func scrubbed(_ scrub: (String) -> String) -> TransactionStatus {
            TransactionStatus(
                txid: txid, status: status, blockHash: blockHash, blockHeight: blockHeight, merklePath: merklePath,
                extraInfo: scrub(extraInfo), competingTxs: competingTxs)
        }
    }

    /// The JSON form: `txid` and `txStatus` are required; `blockHash` (`""` until mined), `blockHeight` (0 until
    /// mined), `merklePath` (hex, `""` until mined), `extraInfo` and `competingTxs` (array or null) are optional.
    /// `status`, `title` and `timestamp` (present or not, depending on the ARC release) are ignored.
    struct TransactionStatusJSON: Decodable {
        /// The decoded status.
        let value: TransactionStatus

        /// The JSON member names.
        private enum CodingKeys: String, CodingKey {
            case txid, txStatus, blockHash, blockHeight, merklePath, extraInfo, competingTxs
        }

        /// Decodes the members above.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let path = try container.decodeIfPresent(String.self, forKey: .merklePath) ?? ""
            guard path.isEmpty || (try? Hex.decode(path)) != nil else {
                throw DecodingError.dataCorruptedError(forKey: .merklePath, in: container, debugDescription: "not hex")
            }
            var competing: [Txid] = []
            for text in try container.decodeIfPresent([String].self, forKey: .competingTxs) ?? [] {
                guard let txid = try? Txid(displayHex: text) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .competingTxs, in: container, debugDescription: "not a txid")
                }
                competing.append(txid)
            }
            value = TransactionStatus(
                txid: try FieldDecoding.txid(container, .txid),
                status: TxStatus(rawValue: try container.decode(String.self, forKey: .txStatus)),
                blockHash: try FieldDecoding.optionalBlockHash(container, .blockHash),
                blockHeight: try FieldDecoding.optionalHeight(container, .blockHeight),
                merklePath: path.isEmpty ? nil : try? Hex.decode(path),
                extraInfo: try container.decodeIfPresent(String.self, forKey: .extraInfo) ?? "",
                competingTxs: competing)
        }
    }
}
