public import HFPrimitives

/// The answer to a broadcast and where it came from.
public struct BroadcastResult: Sendable, Equatable {
    /// The transaction.
    public let txid: Txid
    /// ARC's answer.
    public let outcome: ARCClient.SubmitOutcome
    /// The name of the ARC instance that answered (`gorillapool`, `taal` …).
    public let via: String
    /// The errors of the instances tried before it (empty when the primary answered).
    public let failures: [NetworkError]

    /// A result from its parts.
    public init(txid: Txid, outcome: ARCClient.SubmitOutcome, via: String, failures: [NetworkError]) {
        self.txid = txid
        self.outcome = outcome
        self.via = via
        self.failures = failures
    }
}
