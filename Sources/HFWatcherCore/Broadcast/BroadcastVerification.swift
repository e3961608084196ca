public import HFBundles
public import HFPrimitives
import HFStore
public import HFWallet

/// What every broadcast and `--dry-run` checks of a `.hftx` beyond its form, before anything is sent: every
/// input's signature against the previous output the bundle names (``SignatureCheck``: P2PKH fully, other scripts
/// not verified), and each named previous output against what the watcher itself knows of it (the stored
/// transaction that created it): the same satoshis and locking script. An output the watcher does not know is not
/// a mismatch.
public enum BroadcastVerification {
    /// The checks of `bundle`, whose transaction is `transaction`; `home` gives the watcher's stored transactions
    /// (nil: only the signatures are checked).
    /// - Returns: the signature check (it passed).
    /// - Throws: `WatcherError.rejected` (exit 65) for a failing signature, an input spending another outpoint than
    ///   named, or a named previous output that differs from the watcher's; `.database`.
    public static func verify(
        _ bundle: TransactionBundle, transaction: Transaction, home: WatcherHome?
    ) throws(WatcherError) -> SignatureCheck {
        let named = bundle.inputs.map { input in
            (outpoint: OutPoint(txid: input.txid, vout: input.vout),
             output: TransactionOutput(amount: input.satoshis, lockingScript: Script(bytes: input.lockingScript)))
        }
        let check = SignatureCheck(transaction: transaction, previousOutputs: named)
        guard check.passed else {
            let reasons = check.failures.map { "input \($0.index): \($0.reason)" }.joined(separator: "; ")
            throw .rejected(reason: "\(bundle.txid.displayHex): \(check.summary)"
                + (reasons.isEmpty ? "" : ": " + reasons) + "; nothing was sent")
        }
        guard let home else { return check }
        let stored = WatchedTransactions(database: home.database, network: bundle.network.rawValue)
        for (index, input) in named.enumerated() {
            let row: WatchedTransactions.Row?
            do { row = try stored.find(input.outpoint.txid.displayHex) } catch { throw .database(error) }
            guard let row, let parent = try? Transaction(bytes: row.raw) else { continue }
            let vout = Int(input.outpoint.vout)
            guard vout < parent.outputs.count else {
                throw .rejected(reason: "\(bundle.txid.displayHex): input \(index) names output \(input.outpoint), "
                    + "which the watcher's copy of that transaction does not have; nothing was sent")
            }
            let known = parent.outputs[vout]
            guard known.satoshis == input.output.satoshis, known.lockingScript == input.output.lockingScript else {
                throw .rejected(reason: "\(bundle.txid.displayHex): input \(index) names \(input.outpoint) as "
                    + "\(AmountText.bsv(input.output.satoshis)) to another script than the watcher knows "
                    + "(\(AmountText.bsv(known.satoshis))); nothing was sent")
            }
        }
        return check
    }
}
