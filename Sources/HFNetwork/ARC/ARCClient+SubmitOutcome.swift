extension ARCClient {
    /// What ARC said about a submitted transaction.
    public enum SubmitOutcome: Sendable, Equatable {
        /// HTTP 200: ARC took the transaction and reports its status. Re-submitting a transaction ARC already
        /// knows gives this too, with the stored status ("already known" is a success, docs/reference/provider-apis.md §3.11). The
        /// status itself may be a failure (REJECTED, DOUBLE_SPEND_ATTEMPTED …): check `status.status`.
        case processed(TransactionStatus)
        /// ARC refused the transaction itself (400, 460–475).
        case rejected(Rejection)

        /// Whether the transaction is accepted (progressing, in the mempool, or mined).
        public var isSuccess: Bool {
            if case .processed(let status) = self { return status.status.isSuccess }
            return false
        }

        /// The status ARC reported, or nil for a rejection.
        public var txStatus: TxStatus? {
            if case .processed(let status) = self { return status.status }
            return nil
        }
    }

    /// How `submit` sends the transaction and how long ARC should wait.
    public struct SubmitOptions: Sendable, Equatable {
        /// The body format.
        public enum BodyFormat: Sendable, Equatable {
            /// `application/json` `{"rawTx": "<hex>"}` (the spec's recommendation).
            case json
            /// `text/plain`, the hex alone.
            case hex
            /// `application/octet-stream`, the bytes.
            case binary
        }

        /// The body format (default JSON).
        public var format: BodyFormat
        /// `X-WaitFor`: the status ARC waits for before answering (default SEEN_ON_NETWORK); nil sends no header.
        public var waitFor: TxStatus?
        /// `X-MaxTimeout`: how long ARC may wait, 1–30 s (ARC's default is 5); nil sends no header. Keep the
        /// transport's timeout above it.
        public var maxTimeoutSeconds: Int?

        /// Options; the defaults are described on each property.
        public init(format: BodyFormat = .json, waitFor: TxStatus? = .seenOnNetwork, maxTimeoutSeconds: Int? = nil) {
            self.format = format
            self.waitFor = waitFor
            self.maxTimeoutSeconds = maxTimeoutSeconds
        }
    }
}
