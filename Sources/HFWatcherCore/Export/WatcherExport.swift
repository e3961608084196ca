import Foundation
public import HFBundles
public import HFPrimitives
public import HFSPV
import HFStore

/// Bundles for the signer, built only from what the watcher verified: header runs of its validated chain, and
/// receipts of stored transactions whose proofs verified against it.
public enum WatcherExport {
    /// An `.hfheaders` bundle of validated headers `from…` (at most `count`), anchored to the checkpoint.
    ///
    /// - Parameters:
    ///   - feeQuote: the latest ARC policy rate to pass on, if known.
    ///   - sources: the header providers that agreed (``HeaderSync/sources(_:)``), if known.
    public static func headers(
        chain: HeaderChain, from start: Int, count: Int, feeQuote: FeeQuote?, sources: [String]? = nil
    ) throws(WatcherError) -> HeadersBundle {
        let size = min(max(count, 1), HeaderCatchUp.bundleSize)
        return try headers(
            chain: chain, run: HeaderCatchUp.runs(chain: chain, from: start, size: size)[0], feeQuote: feeQuote,
            sources: sources)
    }

    /// The `.hfheaders` bundle of the validated headers at the heights of `run` (one of ``HeaderCatchUp/runs``).
    public static func headers(
        chain: HeaderChain, run: ClosedRange<Int>, feeQuote: FeeQuote?, sources: [String]? = nil
    ) throws(WatcherError) -> HeadersBundle {
        let checkpoint = chain.checkpoint
        var headers: [[UInt8]] = []
        headers.reserveCapacity(run.count)
        for height in run {
            guard let header = chain.header(at: height) else {
                throw .rejected(reason: "the watcher's header at height \(height) cannot be read; run sync")
            }
            headers.append(header.serialized)
        }
        do {
            return try HeadersBundle(
                network: chain.network, checkpoint: HeaderCheckpoint(height: UInt32(checkpoint.height), hash: checkpoint.hash),
                startHeight: UInt32(run.lowerBound), fullHeaders: headers, feeQuote: feeQuote, sources: sources)
        } catch {
            throw .rejected(reason: "cannot build the header bundle: \(error)")
        }
    }

    /// Receipts of every stored transaction at or above `since` (or only `txids` when given) whose proof verifies
    /// on the watcher's best chain now; the others that were considered are listed in `skipped` with the reason.
    ///
    /// A transaction whose block left the best chain is skipped as `orphaned` (it is exported again once its block
    /// returns, or once a sync finds it mined again); one not mined is skipped only when asked for by txid, as is a
    /// txid the watcher does not hold. `since` applies to the stored height, so an orphaned transaction above it is
    /// listed. Nothing here throws for a single transaction: one bad row never stops the others.
    /// - Throws: `WatcherError.database` when the store cannot be read.
    /// The receipts of `network`, verified against the home's validated chain of that network (see
    /// ``receipts(home:chain:since:txids:)``).
    public static func receipts(
        home: WatcherHome, network: Network, since: Int?, txids: Set<String>
    ) throws(WatcherError) -> ReceiptExport {
        try receipts(home: home, chain: try home.headerChain(network: network), since: since, txids: txids)
    }

    public static func receipts(
        home: WatcherHome, chain: HeaderChain, since: Int?, txids: Set<String>
    ) throws(WatcherError) -> ReceiptExport {
        let rows: [WatchedTransactions.Row]
        do { rows = try WatchedTransactions(database: home.database, network: chain.network.rawValue).all() } catch {
            throw .database(error)
        }
        var confirmation = WatchedConfirmation(chain: chain)
        var receipts: [ReceiptBundle] = []
        var skipped: [ReceiptExport.Skipped] = []
        for row in rows where txids.isEmpty || txids.contains(row.txid) {
            switch confirmation.standing(of: row) {
            case .confirmed(let height):
                guard height >= (since ?? 0) else { continue }
                do {
                    receipts.append(try receipt(of: row, height: height, chain: chain))
                } catch {
                    skipped.append(.init(txid: row.txid, reason: .unusable(error.description)))
                }
            case .orphaned(let height, let blockHash):
                guard height >= (since ?? 0) else { continue }
                skipped.append(.init(txid: row.txid, reason: .orphaned(height: height, blockHash: blockHash)))
            case .unconfirmed:
                if !txids.isEmpty { skipped.append(.init(txid: row.txid, reason: .unconfirmed)) }
            }
        }
        let stored = Set(rows.map(\.txid))
        for txid in txids.sorted() where !stored.contains(txid) {
            skipped.append(.init(txid: txid, reason: .unknown))
        }
        return ReceiptExport(receipts: receipts, skipped: skipped)
    }

    /// The receipt of confirmed `row` at `height`, checked as the signer will check it.
    static func receipt(
        of row: WatchedTransactions.Row, height: Int, chain: HeaderChain
    ) throws(WatcherError) -> ReceiptBundle {
        guard let header = chain.header(at: height) else {
            throw .rejected(reason: "the watcher's header at height \(height) cannot be read")
        }
        guard let bytes = row.proof, let proof = try? JSONDecoder().decode(TSCProof.self, from: Data(bytes)) else {
            throw .rejected(reason: "its stored proof does not parse; run sync to fetch it again")
        }
        do {
            return try ReceiptBundle(
                network: chain.network, rawTx: row.raw, blockHeight: UInt32(height), header: header, merkleProof: proof)
        } catch {
            throw .rejected(reason: "\(error)")
        }
    }
}
