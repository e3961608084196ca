public import HFBundles
import HFPrimitives
public import HFSPV
import HFStore
import HFWallet

/// Makes the ``SignerState`` a bundle for the watcher carries: one wallet's validated tip and locator, the receipts
/// it holds, its pending transactions and its packs' reach, signed by its identity key; with a whole new address
/// pack inside when the wallet's discovery range (its used indexes plus the gap limit) reaches past what its packs
/// cover — the answer to a watcher's pack-extension request, or to the signer's own new receipts.
///
/// Call it after the commit the bundle describes, so the state includes that change. It commits a raised counter
/// (and the new pack's reach) in one store transaction of its own.
public enum SignerStateMaker {
    /// The preference holding the last counter written.
    static let sequenceKey = "signer-state.sequence"

    /// The state of `book`'s wallet on `chain` now.
    public static func make(book: AddressBook, chain: HeaderChain, home: SignerHome) throws(SignerError) -> SignerState {
        try home.database.transaction { () throws(SignerError) in
            let preferences = Preferences(database: home.database)
            let sequence: UInt64
            do throws(DatabaseError) {
                sequence = (try preferences.value(sequenceKey).flatMap { UInt64($0) } ?? 0) + 1
                try preferences.set(sequenceKey, to: String(sequence))
            } catch { throw .database(error) }
            var pack: AddressPackBundle?
            for (scheme, chainKind, end) in try book.watchRange(extraReceive: 0)
            where end > (try book.exportedIndex(scheme, chainKind)) {
                pack = try AddressPackExport.make(book: book, count: 0).bundle
                break
            }
            let content = SignerState.Content(
                network: book.keys.network, identityKey: book.keys.identityKey, createdAt: try now(),
                sequence: sequence, tip: try point(chain, chain.validatedTipHeight), locator: try locator(chain),
                receipts: try held(book: book, home: home), pending: try pending(book: book, chain: chain, home: home),
                packs: try reach(book), gapLimit: UInt32(try book.currentGapLimit()))
            var state: SignerState
            do { state = try content.signed(with: book.keys.identityPrivateKey) } catch {
                throw .rejected(reason: "cannot sign the signer state: \(error)")
            }
            state.addressPack = pack
            return state
        }
    }

    /// The current time as a bundle timestamp.
    private static func now() throws(SignerError) -> RFC3339Timestamp {
        do { return try RFC3339Timestamp.now() } catch { throw .rejected(reason: "the clock cannot be read: \(error)") }
    }

    /// The block of `chain` at `height`.
    private static func point(_ chain: HeaderChain, _ height: Int) throws(SignerError) -> SignerState.ChainPoint {
        guard let hash = chain.hash(at: height) else {
            throw .rejected(reason: "the header at height \(height) cannot be read")
        }
        return SignerState.ChainPoint(height: UInt32(height), hash: hash)
    }

    /// The locator below the tip, above the checkpoint.
    private static func locator(_ chain: HeaderChain) throws(SignerError) -> [SignerState.ChainPoint] {
        var points: [SignerState.ChainPoint] = []
        for height in SignerState.Content.locatorHeights(tip: chain.validatedTipHeight, floor: chain.checkpoint.height - 1) {
            points.append(try point(chain, height))
        }
        return points
    }

    /// Every receipt the wallet holds (a transaction stored with a receipt and its block's height).
    private static func held(book: AddressBook, home: SignerHome) throws(SignerError) -> [SignerState.HeldReceipt] {
        let records: [TransactionRecord]
        do { records = try TransactionRecords(database: home.database).list(walletID: book.record.walletID) } catch {
            throw .database(error)
        }
        return records.compactMap { record in
            guard record.receipt != nil, let height = record.blockHeight else { return nil }
            return SignerState.HeldReceipt(txid: record.txid, height: UInt32(height))
        }
    }

    /// The wallet's pending transactions, derived from the chain.
    private static func pending(book: AddressBook, chain: HeaderChain, home: SignerHome) throws(SignerError) -> [Txid] {
        try WalletLedger(home: home, book: book, chain: chain).pending.map(\.txid)
    }

    /// How far the packs reach on each scheme and chain.
    private static func reach(_ book: AddressBook) throws(SignerError) -> [SignerState.PackReach] {
        var packs: [SignerState.PackReach] = []
        for scheme in [DerivationScheme.type42, .bip44] {
            for chain in KeyChainKind.allCases {
                packs.append(
                    SignerState.PackReach(
                        scheme: scheme == .type42 ? .type42 : .bip44, chain: chain == .receive ? .receive : .change,
                        end: UInt32(try book.exportedIndex(scheme, chain))))
            }
        }
        return packs
    }
}
