import HFPrimitives
import HFStore

/// What the policy's window has counted on one network at the validated tip: the external outputs (allowlisted
/// addresses aside) of own signed transactions whose nLockTime is above `tip − blocks`.
///
/// The nLockTime of a transaction signed here is the validated tip when it was signed (`PaymentBuilder`), so a
/// transaction stops counting only once `blocks` more validated headers are imported; one whose nLockTime is above
/// a tip lowered by a reorg keeps counting. Cancelled transactions count (their `.hftx` may have been broadcast):
/// the ledger (`spending_outflows`) is written when a transaction is kept and never follows its later state.
/// Transactions signed before the ledger existed count with every output, change included.
public struct PolicyWindow: Sendable, Equatable {
    /// The validated tip height the window ends at.
    public let tipHeight: Int
    /// The window's length in blocks.
    public let blocks: Int
    /// The cap.
    public let maxSatoshis: UInt64
    /// What left within the window.
    public let spentSatoshis: UInt64

    /// The first height inside the window (a transaction with this nLockTime or above counts), at least 0.
    public var firstHeight: Int { max(tipHeight - blocks + 1, 0) }
    /// What may still leave within the window.
    public var leftSatoshis: UInt64 { maxSatoshis > spentSatoshis ? maxSatoshis - spentSatoshis : 0 }

    /// The window of `policy` on `network` at `tipHeight`, counted from `home`'s ledger.
    static func count(
        _ window: SpendingPolicy.Window, policy: SpendingPolicy, network: Network, tipHeight: Int, home: SignerHome
    ) throws(SignerError) -> PolicyWindow {
        let threshold = Int64(tipHeight) - Int64(window.blocks)
        let ledger = OutflowRecords(database: home.database)
        var spent: UInt64 = 0
        do {
            for record in try ledger.list(network: network, lockTimeAbove: threshold) where !policy.allows(record.address) {
                spent = spent.addingReportingOverflow(record.satoshis).partialValue
            }
            for raw in try ledger.signedBeforeLedger(network: network) {
                guard let transaction = try? Transaction(bytes: raw), Int64(transaction.lockTime) > threshold else {
                    continue
                }
                for output in transaction.outputs
                where !policy.allows(output.lockingScript.p2pkhAddress(network: network)?.string) {
                    spent = spent.addingReportingOverflow(output.satoshis).partialValue
                }
            }
        } catch { throw .database(error) }
        return PolicyWindow(tipHeight: tipHeight, blocks: window.blocks, maxSatoshis: window.maxSatoshis, spentSatoshis: spent)
    }
}
