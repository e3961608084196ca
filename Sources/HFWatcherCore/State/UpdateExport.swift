public import HFBundles
import HFPrimitives
import HFSPV
import HFStore

/// `export update`: one `.hfupdate` with everything a wallet's signer lacks by the newest state it sent (docs/design.md §4).
///
/// - Headers: from just above the last block both chains share — the signer's tip when the watcher's chain holds it,
///   else the highest block of the state's locator it holds (after a reorganisation: the fork point) — to the
///   watcher's validated tip.
/// - Receipts: every transaction of the wallet's addresses confirmed on the watcher's best chain that the signer does
///   not hold at that height; after a reorganisation also those it holds above the fork point (their blocks may
///   have changed). An update from an older state overlaps what the signer has; the signer skips it.
/// - A pack-extension request: per chain, the highest index the watcher saw used, when it comes within the gap
///   limit of the end of what the wallet's packs reach.
public enum UpdateExport {
    /// The update and what it holds.
    public struct Result: Sendable {
        /// The bundle.
        public let bundle: UpdateBundle
        /// The height of the last block both chains share.
        public let sharedHeight: Int
        /// True when the signer's tip is not on the watcher's best chain (the update starts at the fork).
        public let reorganised: Bool
    }

    /// The update for `walletID` from `session`'s chain and store.
    ///
    /// - Parameters:
    ///   - feeQuote: the latest fee rate to carry, if known.
    ///   - sources: the header providers that agreed (``HeaderSync/sources(_:)``), if known.
    /// - Throws: `WatcherError.rejected` when no state of the wallet was taken yet, when the two chains share no
    ///   block of the locator, or when the header sources disagree.
    public static func make(
        _ session: WatcherSession, walletID: String, feeQuote: FeeQuote?, sources: [String]?
    ) throws(WatcherError) -> Result {
        let network = session.chain.network
        try HeaderSourceConflict(homePath: session.home.path, network: network).requireNone()
        guard let state = try SignerStateIntake.latest(walletID: walletID, network: network, home: session.home) else {
            throw .rejected(
                reason: "the watcher holds no state of wallet \(walletID.prefix(16)) yet: import any bundle its signer "
                    + "wrote (an address pack, a .hftx, or `hf-signer export state --out s.hfstate`) first")
        }
        let chain = session.chain
        let shared = try sharedHeight(state, chain: chain)
        let reorganised = shared < Int(state.tip.height)
        var headers: [HeadersBundle] = []
        if shared < chain.validatedTipHeight {
            for run in try HeaderCatchUp.runs(chain: chain, from: shared + 1) {
                headers.append(try WatcherExport.headers(chain: chain, run: run, feeQuote: nil, sources: sources))
            }
        }
        let receipts = try missingReceipts(
            state, walletID: walletID, shared: reorganised ? shared : nil, home: session.home, chain: chain)
        let used = try usedIndexes(state, walletID: walletID, home: session.home)
        do {
            let bundle = try UpdateBundle(
                network: network, walletID: state.walletID, createdAt: try RFC3339Timestamp.now(), headers: headers,
                receipts: receipts, feeQuote: feeQuote, usedIndexes: used)
            return Result(bundle: bundle, sharedHeight: shared, reorganised: reorganised)
        } catch {
            throw .rejected(reason: "cannot build the update: \(error)")
        }
    }

    /// The height of the highest block of the state's tip and locator that is on `chain`'s best chain.
    static func sharedHeight(_ state: SignerState, chain: HeaderChain) throws(WatcherError) -> Int {
        for point in [state.tip] + state.locator where chain.hash(at: Int(point.height)) == point.hash {
            return Int(point.height)
        }
        if Int((state.locator.last ?? state.tip).height) > chain.validatedTipHeight {
            throw .rejected(
                reason: "the signer's chain (tip \(state.tip.height)) is ahead of this watcher's "
                    + "(\(chain.validatedTipHeight)): run `hf-watcher sync` first")
        }
        throw .rejected(
            reason: "the signer's chain (tip \(state.tip.height) \(state.tip.hash.displayHex)) shares no block of its "
                + "last \(SignerState.maximumLocatorStep) with this watcher's best chain: it follows another chain or a "
                + "reorganisation deeper than the signer can follow; nothing was written")
    }

    /// The receipts of the wallet's transactions the signer does not hold at the height the watcher's chain has them.
    static func missingReceipts(
        _ state: SignerState, walletID: String, shared: Int?, home: WatcherHome, chain: HeaderChain
    ) throws(WatcherError) -> [ReceiptBundle] {
        var receipts: [ReceiptBundle] = []
        for (row, height) in try missingRows(state, walletID: walletID, shared: shared, home: home, chain: chain) {
            receipts.append(try WatcherExport.receipt(of: row, height: height, chain: chain))
        }
        return receipts.sorted { $0.blockHeight < $1.blockHeight }
    }

    /// The stored transactions (with their confirmed heights) whose receipts ``missingReceipts`` would build: what
    /// `status` counts without building a proof.
    static func missingRows(
        _ state: SignerState, walletID: String, shared: Int?, home: WatcherHome, chain: HeaderChain
    ) throws(WatcherError) -> [(row: WatchedTransactions.Row, height: Int)] {
        let store = WatchedTransactions(database: home.database, network: chain.network.rawValue)
        let rows: [WatchedTransactions.Row]
        let ours: Set<String>
        do {
            ours = try store.txids(walletID: walletID)
            rows = try store.all()
        } catch { throw .database(error) }
        var held: [String: UInt32] = [:]
        for receipt in state.receipts { held[receipt.txid.displayHex] = receipt.height }
        var confirmation = WatchedConfirmation(chain: chain)
        var missing: [(row: WatchedTransactions.Row, height: Int)] = []
        for row in rows where ours.contains(row.txid) {
            guard case .confirmed(let height) = confirmation.standing(of: row) else { continue }
            if let holds = held[row.txid], Int(holds) == height, height <= (shared ?? Int.max) { continue }
            missing.append((row, height))
        }
        return missing
    }

    /// The pack-extension request: per scheme and chain, the highest used index when it comes within the gap limit
    /// of the packs' reach.
    static func usedIndexes(
        _ state: SignerState, walletID: String, home: WatcherHome
    ) throws(WatcherError) -> [UpdateBundle.UsedIndex] {
        let entries: [WatchedWallets.Entry]
        do { entries = try WatchedWallets(database: home.database, network: state.network.rawValue).addresses() } catch {
            throw .database(error)
        }
        var highest: [String: UpdateBundle.UsedIndex] = [:]
        for entry in entries where entry.walletID == walletID && entry.used {
            guard let used = PackReference.parse(scheme: entry.scheme, reference: entry.reference) else { continue }
            let key = used.scheme.rawValue + "/" + used.chain.rawValue
            if used.index >= (highest[key]?.index ?? 0) { highest[key] = used }
        }
        return highest.values.filter { used in
            let end = state.packs.first { $0.scheme == used.scheme && $0.chain == used.chain }?.end ?? 0
            return UInt64(used.index) + 1 + UInt64(state.gapLimit) > UInt64(end)
        }.sorted { ($0.scheme.rawValue, $0.chain.rawValue) < ($1.scheme.rawValue, $1.chain.rawValue) }
    }
}

/// Reading an address pack entry's reference back into its scheme, chain and index.
enum PackReference {
    /// `1-wallet-N` / `0-change-N` (Type42) or `m/…/C/N` (BIP44: `m/44'/236'/0'/C/N` for the signer's own chains,
    /// `PREFIX/C/N` for a wallet brought from another application, issue 32; C is 0 for receive, 1 for change);
    /// nil for anything else (sweep addresses).
    static func parse(scheme: String, reference: String) -> UpdateBundle.UsedIndex? {
        switch scheme {
        case "type42":
            for (prefix, chain) in [("1-wallet-", PackChain.receive), ("0-change-", .change)]
            where reference.hasPrefix(prefix) {
                return UInt32(reference.dropFirst(prefix.count)).map { .init(scheme: .type42, chain: chain, index: $0) }
            }
        case "bip44":
            let levels = reference.split(separator: "/", omittingEmptySubsequences: false)
            guard levels.count >= 3, levels[0] == "m", let index = UInt32(levels[levels.count - 1]),
                index < 0x8000_0000
            else { return nil }
            switch levels[levels.count - 2] {
            case "0": return .init(scheme: .bip44, chain: .receive, index: index)
            case "1": return .init(scheme: .bip44, chain: .change, index: index)
            default: return nil
            }
        default: break
        }
        return nil
    }
}
