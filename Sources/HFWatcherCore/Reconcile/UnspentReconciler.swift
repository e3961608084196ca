import HFNetwork
import HFPrimitives
import HFStore

/// Asks WhatsOnChain for the unspent outputs of every watched address (in bulk, `2 × ⌈n / 20⌉` requests for `n`
/// addresses) and partitions them against the watcher's own ledger (`OutpointReconciliation`). Absence from the
/// listing never removes anything: a provisional coin keeps counting. With `adoptingUnknown`, the transaction
/// behind each wallet-unknown outpoint is fetched, verified and stored exactly as the address sync stores a
/// history transaction (the raw transaction must hash to its txid, the proof must lead to the watcher's own header
/// at the listed height); the partition is then made again, so an adopted coin is corroborated and a fake one stays
/// wallet-unknown with the reason.
public struct UnspentReconciler {
    /// What one reconciliation did.
    public struct Outcome: Sendable, Equatable {
        /// The partition (after adoption, when asked).
        public let reconciliation: OutpointReconciliation
        /// Transactions of wallet-unknown outpoints stored by the adoption.
        public let adopted: [String]
        /// Transactions of wallet-unknown outpoints whose transaction or proof did not verify (nothing stored).
        public let refused: [String]
    }

    /// The reason of a wallet-unknown outpoint whose transaction the service does not serve.
    public static let unknownTransaction =
        "listed unspent by the service, which does not serve its transaction; nothing was stored"
    /// The reason of a wallet-unknown outpoint whose transaction does not pay what the listing says.
    public static let notAsListed =
        "listed unspent by the service, but its transaction does not pay that address that amount there; nothing was stored"
    /// The reason of a wallet-unknown outpoint whose transaction or proof did not verify.
    public static let unverified = "listed unspent by the service; its transaction or proof does not verify; nothing was stored"

    let session: WatcherSession

    /// A reconciler over the session's home, chain and services.
    public init(_ session: WatcherSession) { self.session = session }

    /// The partition as it stands now, without storing anything (`hf-watcher reconcile`).
    /// - Throws: `WatcherError.database` when the home cannot be read, `.service` when the listing fails.
    public func run() async throws(WatcherError) -> OutpointReconciliation {
        let listing = try await listing()
        return try partition(listing.outpoints)
    }

    /// The partition after fetching, verifying and storing the transactions of wallet-unknown outpoints (`sync`).
    /// One that cannot be fetched or does not verify stores nothing and stays wallet-unknown with the reason.
    /// - Throws: `WatcherError.database` when the home cannot be read or written, `.service` when the listing fails.
    public func runAdoptingUnknown() async throws(WatcherError) -> Outcome {
        let listing = try await listing()
        let first = try partition(listing.outpoints)
        guard !first.walletUnknown.isEmpty else { return Outcome(reconciliation: first, adopted: [], refused: []) }
        let sync = AddressSync(session)
        let transactions = WatchedTransactions(database: session.home.database, network: session.services.network.rawValue)
        var reasons: [String: String] = [:]
        var adopted: [String] = []
        var refused: [String] = []
        for entry in first.walletUnknown where reasons[entry.outpoint.txid] == nil && !adopted.contains(entry.outpoint.txid) {
            let txidText = entry.outpoint.txid
            guard let txid = try? Txid(displayHex: txidText) else { continue }
            switch await paysAsListed(txid, entry.outpoint) {
            case .some(true): break
            case .some(false):
                reasons[txidText] = Self.notAsListed
                continue
            case nil:
                reasons[txidText] = Self.unknownTransaction
                continue
            }
            var outcome = AddressSync.Outcome()
            do {
                try await sync.store(
                    txid: txid, height: listing.heights[entry.outpoint.key] ?? nil, address: entry.outpoint.address,
                    outcome: &outcome)
            } catch {
                if case .database = error { throw error }
                reasons[txidText] = Self.unverified
                refused.append(txidText)
                continue
            }
            let stored: Bool
            do { stored = try transactions.find(txidText) != nil } catch { throw .database(error) }
            if stored {
                adopted.append(txidText)
            } else if outcome.refused.contains(txidText) {
                reasons[txidText] = Self.unverified
                refused.append(txidText)
            } else {
                reasons[txidText] = Self.unknownTransaction
            }
        }
        let second = try partition(listing.outpoints)
        let reconciliation = OutpointReconciliation(
            corroborated: second.corroborated, provisional: second.provisional,
            walletUnknown: second.walletUnknown.map { entry in
                OutpointReconciliation.Entry(entry.outpoint, reason: reasons[entry.outpoint.txid] ?? entry.reason)
            })
        return Outcome(reconciliation: reconciliation, adopted: adopted, refused: refused)
    }

    /// Whether the service's transaction `txid` pays `outpoint`'s address its value at its index; nil when the
    /// service does not serve it (or serves something that does not hash to `txid`).
    private func paysAsListed(_ txid: Txid, _ outpoint: OutpointReconciliation.Outpoint) async -> Bool? {
        guard let raw = try? await session.services.whatsOnChain.rawTransaction(txid),
            Txid(hashing: raw) == txid
        else { return nil }
        guard let transaction = try? Transaction(bytes: raw), Int(outpoint.vout) < transaction.outputs.count,
            let address = try? Address(string: outpoint.address, network: session.services.network)
        else { return false }
        let output = transaction.outputs[Int(outpoint.vout)]
        return output.lockingScript == Script(p2pkhPaying: address) && output.satoshis == outpoint.satoshis
    }

    /// The service's listing of every watched address, with each outpoint's listed height (nil while unmined).
    private func listing() async throws(WatcherError) -> (outpoints: [OutpointReconciliation.Outpoint], heights: [String: Int?]) {
        let network = session.services.network
        let watched: [WatchedWallets.Entry]
        do { watched = try WatchedWallets(database: session.home.database, network: network.rawValue).addresses() } catch {
            throw .database(error)
        }
        let addresses = watched.compactMap { try? Address(string: $0.address, network: network) }
        let listing: [String: [WhatsOnChainClient.UnspentOutput]]
        do { listing = try await session.services.whatsOnChain.unspentOutputs(ofAll: addresses) } catch {
            throw .service(reason: error.description)
        }
        var outpoints: [OutpointReconciliation.Outpoint] = []
        var heights: [String: Int?] = [:]
        for address in addresses {
            for output in listing[address.string] ?? [] {
                let outpoint = OutpointReconciliation.Outpoint(
                    txid: output.txid.displayHex, vout: output.vout, satoshis: output.amount.satoshis,
                    address: address.string, isSpentInMempool: output.isSpentInMempool)
                outpoints.append(outpoint)
                if heights[outpoint.key] == nil { heights[outpoint.key] = .some(output.height) }
            }
        }
        return (outpoints, heights)
    }

    /// The partition of `listed` against the ledger as the home holds it now.
    private func partition(_ listed: [OutpointReconciliation.Outpoint]) throws(WatcherError) -> OutpointReconciliation {
        let ledger = try WatchOnlyLedger(home: session.home, chain: session.chain)
        return OutpointReconciliation(
            history: ledger.unspent.map {
                OutpointReconciliation.Outpoint(txid: $0.txid, vout: $0.vout, satoshis: $0.satoshis, address: $0.address)
            },
            knownTxids: Set(ledger.history.map(\.txid)), listed: listed)
    }
}
