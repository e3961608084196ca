public import HFPrimitives

extension ARCClient {
    /// ARC's refusal of the transaction itself: HTTP 400 or 460–475 with an error object
    /// (`{type, title, status, detail, instance, txid, extraInfo}`, docs/reference/provider-apis.md §3.4, §3.10).
    ///
    /// This is a verdict about the transaction (bad script, fee too low, missing inputs …), so a broadcaster does
    /// not fail over on it: another ARC would say the same.
    public struct Rejection: Sendable, Equatable, CustomStringConvertible {
        /// The status code (ARC's error code, e.g. 465).
        public let status: Int
        /// ARC's title, e.g. `Fee too low`.
        public let title: String
        /// ARC's detail text.
        public let detail: String
        /// ARC's extra text, often the node's reason.
        public let extraInfo: String
        /// The transaction ARC names, if any.
        public let txid: Txid?

        /// A rejection from its parts.
        public init(status: Int, title: String, detail: String = "", extraInfo: String = "", txid: Txid? = nil) {
            self.status = status
            self.title = title
            self.detail = detail
            self.extraInfo = extraInfo
            self.txid = txid
        }

        /// `ARC rejected the transaction: 465 Fee too low (<detail>; <extraInfo>)`.
        public var description: String {
            let reasons = [detail, extraInfo].filter { !$0.isEmpty }.joined(separator: "; ")
            return "ARC rejected the transaction: \(status) \(title)" + (reasons.isEmpty ? "" : " (\(reasons))")
        }

        /// The same rejection with its texts passed through `scrub`.
        func scrubbed(_ scrub: (String) -> String) -> Rejection {
            Rejection(
                status: status, title: scrub(title), detail: scrub(detail), extraInfo: scrub(extraInfo), txid: txid)
        }
    }

    /// The JSON error object; `status` and `title` are required, the rest optional (`txid` null or invalid → nil).
    struct RejectionJSON: Decodable {
        /// The decoded rejection.
        let value: Rejection

        /// The JSON member names.
        private enum CodingKeys: String, CodingKey {
            case status, title, detail, extraInfo, txid
        }

        /// Decodes the members above.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            value = Rejection(
                status: try container.decode(Int.self, forKey: .status),
                title: try container.decode(String.self, forKey: .title),
                detail: try container.decodeIfPresent(String.self, forKey: .detail) ?? "",
                extraInfo: try container.decodeIfPresent(String.self, forKey: .extraInfo) ?? "",
                txid: (try? container.decodeIfPresent(String.self, forKey: .txid)).flatMap { $0 }
                    .flatMap { try? Txid(displayHex: $0) })
        }
    }
}
