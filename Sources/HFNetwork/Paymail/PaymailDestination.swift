/// What `p2p-payment-destination` answered (docs/reference/provider-apis.md §5.4): the outputs to pay and the host's reference.
public struct PaymailDestination: Sendable, Equatable {
    /// One output: a locking script and an amount.
    public struct Output: Sendable, Equatable {
        /// The locking script (non-empty).
        public let script: [UInt8]
        /// The amount in satoshis.
        public let satoshis: UInt64

        /// An output from its parts.
        public init(script: [UInt8], satoshis: UInt64) {
            self.script = script
            self.satoshis = satoshis
        }
    }

    /// The outputs, at least one; their satoshis add up to the amount asked for.
    public let outputs: [Output]
    /// The host's reference for this payment (non-empty).
    public let reference: String
}
