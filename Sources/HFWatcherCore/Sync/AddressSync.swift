import Foundation
import HFNetwork
import HFPrimitives
import HFSPV
import HFStore

/// Fetches every watched address's history (WhatsOnChain, cross-checked by JungleBus), the raw transactions and
/// their proofs, and stores each only after verifying it locally: the raw transaction hashes to its txid and the
/// proof leads to the merkle root of the watcher's own validated header at that height. A proof that does not
/// verify stores nothing. After a reorganisation, a transaction whose stored proof's block left the best chain is
/// proved again where the service now says it is mined, or stored unmined when the service reports it unmined.
public struct AddressSync {
    /// What a sync found.
    public struct Outcome: Sendable, Equatable {
        /// Transactions stored, newly confirmed, or unmined again (an orphaned one back in the mempool).
        public var transactions = 0
        /// Transactions whose proof did not verify (not stored).
        public var refused: [String] = []
    }

    let session: WatcherSession

    /// An address sync into the session's home, verifying against its chain.
    public init(_ session: WatcherSession) { self.session = session }

    /// Syncs every watched address of the network. WhatsOnChain is asked in bulk (20 addresses a request, confirmed
    /// and mempool history: `2 × ⌈n / 20⌉` requests for `n` addresses, plus one per address whose history spans
    /// pages); JungleBus, which has no bulk listing, is asked once per address to cross-check it.
    public func run(progress: (Int, Int) -> Void = { _, _ in }) async throws(WatcherError) -> Outcome {
        let network = session.services.network
        let watched: [WatchedWallets.Entry]
        do { watched = try WatchedWallets(database: session.home.database, network: network.rawValue).addresses() } catch {
            throw .database(error)
        }
        let addresses = watched.compactMap { try? Address(string: $0.address, network: network) }
        let confirmed: [String: [WhatsOnChainClient.HistoryItem]]
        let unconfirmed: [String: [WhatsOnChainClient.HistoryItem]]
        do {
            confirmed = try await session.services.whatsOnChain.confirmedHistory(ofAll: addresses)
            unconfirmed = try await session.services.whatsOnChain.unconfirmedHistory(ofAll: addresses)
        } catch { throw .service(reason: error.description) }
        var outcome = Outcome()
        for (index, address) in addresses.enumerated() {
            let history = try await history(
                of: address, confirmed: confirmed[address.string] ?? [], unconfirmed: unconfirmed[address.string] ?? [])
            for (txid, height) in history {
                try await store(txid: txid, height: height, address: address.string, outcome: &outcome)
            }
            progress(index + 1, addresses.count)
        }
        return outcome
    }

    /// Txids touching `address` with their heights (nil: unconfirmed): WhatsOnChain's, then JungleBus's.
    private func history(
        of address: Address, confirmed: [WhatsOnChainClient.HistoryItem], unconfirmed: [WhatsOnChainClient.HistoryItem]
    ) async throws(WatcherError) -> [(Txid, Int?)] {
        var heights: [Txid: Int?] = [:]
        var order: [Txid] = []
        func add(_ txid: Txid, _ height: Int?) {
            if heights[txid] == nil { order.append(txid) }
            if let height { heights[txid] = height } else if heights[txid] == nil { heights[txid] = .some(nil) }
        }
        for item in confirmed { add(item.txid, item.height) }
        for item in unconfirmed { add(item.txid, nil) }
        if let jungleBus = session.services.jungleBus {
            do {
                for record in try await jungleBus.addressHistory(of: address) { add(record.txid, record.blockHeight) }
            } catch { throw .service(reason: error.description) }
        }
        return order.map { ($0, heights[$0] ?? nil) }
    }

    /// Stores `txid` (seen at `height`, nil while unmined) for `address`. A transaction already confirmed on the
    /// best chain is only linked; one new, unmined, or whose stored proof's block left the best chain is fetched
    /// again when the service says it is mined, and its proof replaces the stored one only once it verifies
    /// against the watcher's header at the new height (an orphaned proof stays stored: it counts again if its
    /// block returns). An orphaned transaction the service reports unmined (back in the mempool) loses its proof:
    /// it is in flight, and consumes what it spends, until a sync proves it mined. The reconciliation stores the
    /// transaction of a wallet-unknown outpoint through here too (`UnspentReconciler`).
    func store(txid: Txid, height: Int?, address: String, outcome: inout Outcome) async throws(WatcherError) {
        let network = session.services.network.rawValue
        let transactions = WatchedTransactions(database: session.home.database, network: network)
        let existing: WatchedTransactions.Row?
        do { existing = try transactions.find(txid.displayHex) } catch { throw .database(error) }
        var confirmation = WatchedConfirmation(chain: session.chain)
        let standing = existing.map { confirmation.standing(of: $0) }
        var row = existing
        if standing?.confirmedHeight == nil {
            let raw: [UInt8]
            if let known = existing?.raw {
                raw = known
            } else {
                do {
                    guard let fetched = try await session.services.whatsOnChain.rawTransaction(txid) else { return }
                    raw = fetched
                } catch { throw .service(reason: error.description) }
            }
            guard Txid(hashing: raw) == txid else { outcome.refused.append(txid.displayHex); return }
            if existing == nil {
                row = WatchedTransactions.Row(txid: txid.displayHex, raw: raw, blockHeight: nil, blockHash: nil, proof: nil)
            }
            if let height, let header = session.chain.header(at: height) {
                let proof: TSCProof?
                do { proof = try await session.services.whatsOnChain.merkleProof(txid) } catch { throw .service(reason: error.description) }
                if let proof {
                    guard
                        InclusionProofCheck.verdict(rawTransaction: raw, txid: txid, proof: proof, header: header)
                            == .verified,
                        let json = try? Self.encoder.encode(proof)
                    else {
                        outcome.refused.append(txid.displayHex)
                        return
                    }
                    row = WatchedTransactions.Row(
                        txid: txid.displayHex, raw: raw, blockHeight: height, blockHash: header.hash.displayHex,
                        proof: [UInt8](json))
                }
            } else if height == nil, case .orphaned? = standing {
                // Its block left the best chain and the service reports it unmined: in flight again.
                row = WatchedTransactions.Row(txid: txid.displayHex, raw: raw, blockHeight: nil, blockHash: nil, proof: nil)
            }
        }
        guard let row else { return }
        let changed = existing != row
        let seenAt = try AddressPackImporter.now()
        do {
            try session.home.database.transaction { () throws(DatabaseError) in
                if changed, row.proof == nil, existing?.proof != nil {
                    try transactions.forgetProof(row.txid)
                } else if changed {
                    try transactions.save(row, at: seenAt)
                }
                try transactions.link(address: address, txid: row.txid)
                try WatchedWallets(database: session.home.database, network: network).markUsed(address)
            }
        } catch { throw .database(error) }
        if changed { outcome.transactions += 1 }
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
