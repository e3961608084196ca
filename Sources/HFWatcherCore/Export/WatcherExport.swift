import Foundation
public import HFBundles
import HFPrimitives
public import HFSPV
import HFStore

/// Bundles for the signer, built only from what the watcher verified: header runs of its validated chain, and
/// receipts of stored transactions whose proofs verified against it.
public enum WatcherExport {
    /// An `.hfheaders` bundle of validated headers `from…` (at most `count`), anchored to the checkpoint.
    ///
    /// - Parameter feeQuote: the latest ARC policy rate to pass on, if known.
    public static func headers(
        chain: HeaderChain, from start: Int, count: Int, feeQuote: FeeQuote?
    ) throws(WatcherError) -> HeadersBundle {
        let checkpoint = chain.checkpoint
        guard start > checkpoint.height else {
            throw .rejected(reason: "--from must be above the checkpoint \(checkpoint.height) (the signer's tip + 1)")
        }
        let end = min(chain.validatedTipHeight, start + min(count, 10_000) - 1)
        guard end >= start else {
            throw .rejected(reason: "no validated headers from \(start): the watcher's tip is \(chain.validatedTipHeight); run sync")
        }
        let headers = (start...end).compactMap { chain.header(at: $0)?.serialized }
        do {
            return try HeadersBundle(
                network: chain.network, checkpoint: HeaderCheckpoint(height: UInt32(checkpoint.height), hash: checkpoint.hash),
                startHeight: UInt32(start), fullHeaders: headers, feeQuote: feeQuote)
        } catch {
            throw .rejected(reason: "cannot build the header bundle: \(error)")
        }
    }

    /// Receipts of every stored, verified transaction at or above `since` (or only `txids` when given).
    public static func receipts(
        home: WatcherHome, chain: HeaderChain, since: Int?, txids: Set<String>
    ) throws(WatcherError) -> [ReceiptBundle] {
        let rows: [WatchedTransactions.Row]
        do { rows = try WatchedTransactions(database: home.database, network: chain.network.rawValue).all() } catch {
            throw .database(error)
        }
        var receipts: [ReceiptBundle] = []
        for row in rows {
            guard let height = row.blockHeight, let proofBytes = row.proof, height >= (since ?? 0),
                txids.isEmpty || txids.contains(row.txid),
                let header = chain.header(at: height),
                let proof = try? JSONDecoder().decode(TSCProof.self, from: Data(proofBytes))
            else { continue }
            do {
                receipts.append(try ReceiptBundle(
                    network: chain.network, rawTx: row.raw, blockHeight: UInt32(height), header: header, merkleProof: proof))
            } catch {
                throw .rejected(reason: "cannot build the receipt of \(row.txid): \(error)")
            }
        }
        return receipts
    }
}
