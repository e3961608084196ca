public import HFBundles
import HFPrimitives
public import HFWallet

/// The signatures of a `.hftx` checked against the previous outputs it names (``SignatureCheck``), for
/// `bundle inspect`: P2PKH inputs fully, any other kind counted as not verified.
public enum TransactionSignatures {
    /// The check of `bundle`.
    /// - Throws: `SignerError.rejected` when its transaction does not parse.
    public static func check(_ bundle: TransactionBundle) throws(SignerError) -> SignatureCheck {
        let transaction: Transaction
        do { transaction = try Transaction(bytes: bundle.rawTx) } catch {
            throw .rejected(reason: "the .hftx's transaction does not parse: \(error)")
        }
        return SignatureCheck(transaction: transaction, previousOutputs: bundle.inputs.map { input in
            (OutPoint(txid: input.txid, vout: input.vout),
             TransactionOutput(amount: input.satoshis, lockingScript: Script(bytes: input.lockingScript)))
        })
    }

    /// The refusal of a check that did not pass (nil when it passed): which inputs failed and why.
    public static func failure(_ check: SignatureCheck) -> String? {
        guard !check.passed else { return nil }
        if check.countMismatch != nil { return check.summary }
        return check.summary + ": " + check.failures.map { "input \($0.index): \($0.reason)" }.joined(separator: "; ")
    }
}

/// Whether a `.hftx` is one of the home's pending transactions (`bundle inspect`).
public enum PendingMatch: String, Encodable, Sendable {
    /// Byte for byte the `.hftx` this home signed and keeps pending.
    case identical
    /// The txid of a pending transaction of this home, but the file differs from the one it wrote (its named
    /// previous outputs or other fields were changed).
    case differs
    /// Not a pending transaction of this home's wallet.
    case none
}
