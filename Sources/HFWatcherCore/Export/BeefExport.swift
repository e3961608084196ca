import Foundation
import HFNetwork
public import HFPrimitives
import HFSPV
import HFStore

/// Builds an Atomic BEEF (BRC-95, BEEF V1 inside, as the reference's `toAtomicBEEF` writes) of a transaction the
/// watcher can verify, from its own store first and WhatsOnChain second (docs/reference/bsv-protocols.md §6).
///
/// A mined subject goes alone with its BUMP. An unmined one goes with its ancestors, parents first: each mined
/// ancestor with its BUMP (where the walk stops), each unmined one raw with its own parents. Every proof, stored or
/// fetched, is verified against the watcher's own validated header at its height before it becomes a BUMP (a stored
/// proof only while its block is on the best chain); BUMPs of one block are merged. The receiver still checks every
/// root against its own headers.
public struct BeefExport {
    /// The most transactions an export walks before giving up (a long unmined chain).
    public static let maxTransactions = 1000

    let session: WatcherSession

    /// An exporter reading the session's store and services, verifying against its chain.
    public init(_ session: WatcherSession) { self.session = session }

    /// A transaction and, when mined, its verified BUMP.
    struct Known {
        let raw: [UInt8]
        let transaction: Transaction
        let bump: MerklePath?
    }

    /// The Atomic BEEF of `txid`.
    /// - Throws: `WatcherError.rejected` for an unknown transaction, a proof that does not verify or a block the
    ///   watcher has not synced; `.service` when WhatsOnChain fails.
    public func atomicBeef(of txid: Txid) async throws(WatcherError) -> AtomicBeef {
        let beef = try await beef(of: [txid])
        do { return try AtomicBeef(subject: txid, beef: beef) } catch {
            throw .rejected(reason: "cannot build the BEEF of \(txid.displayHex): \(error)")
        }
    }

    /// The BEEF of `subjects` (each with the ancestors it needs, each transaction once), for an application that
    /// spends their outputs (`listOutputs` with `include: "entire transactions"`).
    /// - Throws: as ``atomicBeef(of:)``.
    public func beef(of subjects: [Txid]) async throws(WatcherError) -> Beef {
        var known: [Txid: Known] = [:]
        var order: [Txid] = []
        // Depth-first, parents before children: a transaction is appended once all its unmined ancestors are.
        var stack: [(Txid, expanded: Bool)] = subjects.reversed().map { ($0, false) }
        while let (current, expanded) = stack.popLast() {
            if expanded {
                if !order.contains(current) { order.append(current) }
                continue
            }
            guard known[current] == nil else { continue }
            guard known.count < Self.maxTransactions else {
                throw .rejected(reason: "more than \(Self.maxTransactions) unmined ancestors; wait until they are mined")
            }
            let entry = try await find(current)
            known[current] = entry
            stack.append((current, true))
            if entry.bump == nil {
                for input in entry.transaction.inputs.reversed() where known[input.previousOutput.txid] == nil {
                    stack.append((input.previousOutput.txid, false))
                }
            }
        }
        var bumps: [MerklePath] = []
        var transactions: [BeefTransaction] = []
        for id in order {
            guard let entry = known[id] else { continue }
            var bumpIndex: Int?
            if let bump = entry.bump {
                if let same = bumps.firstIndex(where: { $0.blockHeight == bump.blockHeight && $0.root == bump.root }),
                    let merged = try? bumps[same].merged(with: bump)
                {
                    bumps[same] = merged
                    bumpIndex = same
                } else {
                    bumps.append(bump)
                    bumpIndex = bumps.count - 1
                }
            }
            transactions.append(BeefTransaction(transaction: entry.transaction, bumpIndex: bumpIndex))
        }
        do { return try Beef(version: .v1, bumps: bumps, transactions: transactions) } catch {
            throw .rejected(reason: "cannot build the BEEF: \(error)")
        }
    }

    /// A transaction from the store or WhatsOnChain, with its BUMP if it is mined and its proof verifies.
    private func find(_ txid: Txid) async throws(WatcherError) -> Known {
        let stored: WatchedTransactions.Row?
        do {
            let transactions = WatchedTransactions(
                database: session.home.database, network: session.chain.network.rawValue)
            stored = try transactions.find(txid.displayHex)
        } catch { throw .database(error) }
        var raw = stored?.raw
        var proof: TSCProof?
        var height: Int?
        // A stored proof whose block left the best chain is not used: the service is asked where it is now.
        var confirmation = WatchedConfirmation(chain: session.chain)
        if let stored, let confirmed = confirmation.standing(of: stored).confirmedHeight, let bytes = stored.proof {
            proof = try? JSONDecoder().decode(TSCProof.self, from: Data(bytes))
            height = proof == nil ? nil : confirmed
        }
        do {
            if raw == nil { raw = try await session.services.whatsOnChain.rawTransaction(txid) }
            if proof == nil, let fetched = try await session.services.whatsOnChain.merkleProof(txid) {
                proof = fetched
                height = try await self.height(of: fetched)
            }
        } catch { throw .service(reason: error.description) }
        guard let raw, Txid(hashing: raw) == txid, let transaction = try? Transaction(bytes: raw) else {
            throw .rejected(reason: "transaction \(txid.displayHex) is not known to the watcher or WhatsOnChain")
        }
        guard let proof, let height else { return Known(raw: raw, transaction: transaction, bump: nil) }
        guard let header = session.chain.header(at: height) else {
            throw .rejected(
                reason: "transaction \(txid.displayHex) is in block \(height), above the watcher's validated tip "
                    + "\(session.chain.validatedTipHeight); run `hf-watcher sync` first")
        }
        let verdict = InclusionProofCheck.verdict(rawTransaction: raw, txid: txid, proof: proof, header: header)
        guard verdict == .verified else {
            throw .rejected(
                reason: "transaction \(txid.displayHex) cannot be proven against the local header at height \(height): "
                    + verdict.explanation)
        }
        do {
            return Known(raw: raw, transaction: transaction, bump: try MerklePath(tscProof: proof, blockHeight: UInt32(height)))
        } catch {
            throw .rejected(reason: "the merkle proof of \(txid.displayHex) cannot become a BUMP: \(error)")
        }
    }

    /// The height of the block a fetched proof names, from the service, or nil when the service does not know it
    /// (the proof is then checked against the local header at that height, which must match).
    private func height(of proof: TSCProof) async throws(NetworkError) -> Int? {
        switch proof.target {
        case .blockHash(let hash): try await session.services.whatsOnChain.header(hash: hash)?.height
        case .header(let header): try await session.services.whatsOnChain.header(hash: header.hash)?.height
        case .merkleRoot: nil
        }
    }
}
