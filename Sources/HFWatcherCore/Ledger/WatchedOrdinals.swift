public import HFNetwork
import HFPrimitives

/// The ordinal state of watched 1-satoshi outputs (issue 17, "Ordinals, third level"). An output whose script holds
/// an inscription envelope is an `ordinal` without asking; for the other 1-satoshi outputs the ordinals indexer is
/// asked (in batches) and its answer is kept as a tri-state, `unknown` (5xx, timeout, malformed answer, not indexed,
/// no indexer configured) being protected like `ordinal`. Nothing is stored: the state is asked afresh each time.
public enum WatchedOrdinals {
    /// The state known from `output` alone: nil when it is not 1 satoshi, `ordinal` with an inscription envelope,
    /// `unknown` otherwise.
    static func localState(of output: TransactionOutput) -> OrdinalState? {
        guard output.satoshis == 1 else { return nil }
        return output.lockingScript.containsInscriptionEnvelope ? .ordinal : .unknown
    }

    /// `ledger` with the `unknown` 1-satoshi outputs answered by `indexer` (left `unknown` without one). No request
    /// is sent when no output is `unknown`.
    public static func resolve(_ ledger: WatchOnlyLedger, indexer: OrdinalsClient?) async -> WatchOnlyLedger {
        var ledger = ledger
        let asked = ledger.unspent.enumerated().compactMap { index, output -> (Int, OrdinalsClient.Outpoint)? in
            guard output.ordinal == .unknown, let txid = try? Txid(displayHex: output.txid) else { return nil }
            return (index, OrdinalsClient.Outpoint(txid: txid, vout: output.vout))
        }
        guard let indexer, !asked.isEmpty else { return ledger }
        let states = await indexer.states(asked.map(\.1))
        for (index, outpoint) in asked { ledger.unspent[index].ordinal = states[outpoint] ?? .unknown }
        return ledger
    }
}

extension WatchOnlyLedger.Output {
    /// The ordinal state's name (`ordinal`, `notOrdinal` or `unknown`; the JSON value), nil for an output that is not
    /// 1 satoshi.
    public var ordinalName: String? { ordinal?.rawValue }
}
