import HFBundles
import HFCommandLine
import HFSignerCore

/// What a payment's review adds from the paying wallet: its confirmed balance before the payment, and the labels of
/// its addresses (`hf-signer label`), so the review can show the total leaving the wallet, the balance after and
/// whose addresses are paid.
///
/// Shown for `send`, `split`, `scan` and the payments of `call review`/`call answer`; `bundle inspect` (a `.hftx`
/// perhaps of another wallet, or already counted as pending) and a sweep (whose inputs are not the wallet's) are
/// shown without them.
struct ReviewWalletFacts {
    /// Satoshis in the wallet's confirmed, unspent outputs before this payment.
    let confirmedBefore: UInt64
    /// The wallet's address labels, by address text.
    let labels: [String: String]

    /// The facts of the selected wallet, read from the session `context` opened.
    static func load(
        _ wallet: SignerWallet, selection: WalletSelection, context: CommandContext
    ) throws(CommandError) -> ReviewWalletFacts {
        let confirmed = try signerOperation { () throws(SignerError) in
            try wallet.ledger().balance(walletID: wallet.info.walletID).confirmed
        }
        return try load(confirmedBefore: confirmed, selection: selection, context: context)
    }

    /// The facts of the selected wallet whose confirmed balance before the payment is `confirmedBefore` (its labels
    /// read from the session `context` opened).
    static func load(
        confirmedBefore: UInt64, selection: WalletSelection, context: CommandContext
    ) throws(CommandError) -> ReviewWalletFacts {
        let session = try context.openSession()
        return try signerOperation { () throws(SignerError) in
            let labels = try session.labels(of: selection).labels.filter { $0.kind == .addr }
            return ReviewWalletFacts(
                confirmedBefore: confirmedBefore,
                labels: Dictionary(labels.map { ($0.ref, $0.label) }, uniquingKeysWith: { first, _ in first }))
        }
    }
}
