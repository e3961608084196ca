public import HFBundles
import HFNetwork
public import HFPrimitives
import HFStore
public import HFWallet

/// Broadcasts a signer's `.hftx` through ARC in the extended format, GorillaPool first and the failover second
/// (docs/design.md §8). A transaction ARC already knows is a success; a rejection names the service's reason.
public enum WatcherBroadcast {
    /// One broadcast's result, as `broadcast --json` prints it.
    public struct Result: Encodable, Sendable, Equatable {
        public let txid: String
        public let status: String
        public let via: String
    }

    /// Checks `bundle` (txid, inputs, fee, every signature, and with `home` each named previous output against
    /// the watcher's own copy) and submits its EF form.
    ///
    /// - Throws: `WatcherError.rejected` for a malformed transaction, a failing check (nothing is sent) or ARC's
    ///   rejection; `.service` when every broadcaster failed (the `.hftx` is kept by the caller to try again).
    public static func broadcast(
        _ bundle: TransactionBundle, services: WatcherServices, home: WatcherHome? = nil
    ) async throws(WatcherError) -> Result {
        guard let broadcaster = services.broadcaster else {
            throw .configuration(reason: "no ARC URL configured; run `hf-watcher config set arc.url URL`")
        }
        let extended = try checked(bundle, home: home).extended
        let result: BroadcastResult
        do { result = try await broadcaster.broadcast(extended.serialized, txid: bundle.txid) } catch {
            throw .service(reason: "\(error.description); the .hftx is kept, broadcast it again later")
        }
        switch result.outcome {
        case .processed(let status) where status.status.isSuccess:
            return Result(txid: bundle.txid.displayHex, status: status.status.rawValue, via: result.via)
        case .processed(let status):
            throw .rejected(reason: "ARC (\(result.via)) reports \(status.status.rawValue) for \(bundle.txid.displayHex)")
        case .rejected(let rejection):
            throw .rejected(reason: rejection.description)
        }
    }

    /// The checks every broadcast (and `--dry-run`) makes first: the transaction parses with one previous output per
    /// input, its fee is above zero, and ``BroadcastVerification`` passes (every signature; with `home`, each named
    /// previous output as the watcher knows it).
    /// - Returns: the extended transaction ARC is sent, its fee (above zero) and the signature check.
    /// - Throws: `WatcherError.rejected` naming what is wrong.
    public static func checked(
        _ bundle: TransactionBundle, home: WatcherHome? = nil
    ) throws(WatcherError) -> (extended: ExtendedTransaction, fee: UInt64, signatures: SignatureCheck) {
        let extended: ExtendedTransaction
        do {
            let transaction = try Transaction(bytes: bundle.rawTx)
            let sources = try bundle.inputs.map { input in
                try TransactionOutput(satoshis: input.satoshis.satoshis, lockingScript: Script(bytes: input.lockingScript))
            }
            extended = try ExtendedTransaction(transaction: transaction, sourceOutputs: sources)
        } catch {
            throw .rejected(reason: "the .hftx does not hold a well-formed transaction with its inputs: \(error)")
        }
        let signatures = try BroadcastVerification.verify(bundle, transaction: extended.transaction, home: home)
        guard let fee = extended.fee, fee > 0 else {
            throw .rejected(reason: "the transaction's outputs exceed its inputs or it pays no fee; refusing to broadcast")
        }
        return (extended, fee, signatures)
    }
}
