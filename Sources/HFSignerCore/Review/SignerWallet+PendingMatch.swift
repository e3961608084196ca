import HFBundles
import HFPrimitives
import HFStore

extension SignerWallet {
    /// Whether the `.hftx` file's `bytes` are one of this wallet's pending transactions: the bundle it signed, every
    /// member equal but the signer state the file carries (which each written file renews)
    /// (``PendingMatch/identical``), a file with a pending txid whose other members changed (`differs`), or not
    /// pending here (`none`).
    /// - Throws: `SignerError.rejected` for bytes that are not a `.hftx`; `.database`.
    public func pendingMatch(hftx bytes: [UInt8]) throws(SignerError) -> PendingMatch {
        let bundle: TransactionBundle
        do { bundle = try TransactionBundle(decoding: bytes, expectedNetwork: nil) } catch {
            throw .rejected(reason: "not a valid .hftx: \(error)")
        }
        let stored: TransactionRecord?
        do { stored = try TransactionRecords(database: home.database).find(walletID: info.walletID, txid: bundle.txid) } catch {
            throw .database(error)
        }
        guard let stored, stored.state == .pending, let hftx = stored.hftx else { return .none }
        var carried = bundle
        carried.signerState = nil
        guard var signed = try? TransactionBundle(decoding: hftx, expectedNetwork: nil) else { return .differs }
        signed.signerState = nil
        return carried == signed ? .identical : .differs
    }
}
