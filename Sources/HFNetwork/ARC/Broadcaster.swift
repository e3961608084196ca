public import HFPrimitives

/// Broadcasts through a primary ARC and fails over to a second one (GorillaPool first, TAAL second).
///
/// Failover happens on service trouble only: no connection, timeouts, 429 or 5xx after the transport's retries,
/// 401/403 (a TAAL key problem), 409 (ARC's generic internal error), other unexpected statuses and malformed
/// replies. A verdict about the transaction, a rejection (400, 460–475) or a failure status in a 200 reply
/// (REJECTED, DOUBLE_SPEND_ATTEMPTED …), is returned as it is: another ARC would judge the same transaction the
/// same way. Re-submitting is safe, since ARC answers a known transaction with its stored status.
public struct Broadcaster: Sendable {
    /// Tried first.
    public let primary: ARCClient
    /// Tried when the primary has trouble, if set.
    public let failover: ARCClient?

    /// A broadcaster over one or two ARC instances.
    public init(primary: ARCClient, failover: ARCClient? = nil) {
        self.primary = primary
        self.failover = failover
    }

    /// Submits `transaction` to the primary, then (on service trouble) to the failover.
    /// - Returns: ARC's answer and which instance gave it.
    /// - Throws: `NetworkError.allBroadcastersFailed` with each instance's error when none could be used;
    ///   `.cancelled` or `.invalidConfiguration` at once.
    public func broadcast(
        _ transaction: [UInt8], txid: Txid, options: ARCClient.SubmitOptions = ARCClient.SubmitOptions()
    ) async throws(NetworkError) -> BroadcastResult {
        var failures: [NetworkError] = []
        for client in [primary] + (failover.map { [$0] } ?? []) {
            do {
                let outcome = try await client.submit(transaction, txid: txid, options: options)
                return BroadcastResult(txid: txid, outcome: outcome, via: client.name, failures: failures)
            } catch {
                guard error.isServiceTrouble else { throw error }
                failures.append(error)
            }
        }
        throw .allBroadcastersFailed(failures)
    }
}
