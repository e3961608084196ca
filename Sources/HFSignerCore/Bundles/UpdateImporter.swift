import HFBundles
import HFPrimitives
import HFSPV
import HFStore
import HFWallet

/// Imports an `.hfupdate` (docs/design.md §4): the header runs first, then the receipts, then the watcher's pack-extension
/// request, each with every check the separate bundle gets.
///
/// Each step is idempotent, so a crash between two steps is finished by importing the same file again: header runs
/// the chain already holds are skipped (an update made from an older state overlaps what the signer has), and a
/// receipt already held changes nothing. The receipts and the request are taken in one store transaction: one
/// refused receipt refuses them all (the headers before them stay: they are valid on their own).
public enum UpdateImporter {
    /// What importing an update did.
    public struct Outcome: Sendable {
        /// The wallet the update was for.
        public let walletID: String
        /// Headers added by the update's runs (0 when the signer had them all).
        public let headersAdded: Int
        /// Headers of the signer's chain that a heavier branch replaced.
        public let headersReplaced: Int
        /// The first and last height the update's runs held (nil when it held none).
        public let headerRange: ClosedRange<Int>?
        /// The signer's validated tip after the import.
        public let validatedTipHeight: Int
        /// Receipts newly taken (held before: not counted).
        public let receiptsTaken: Int
        /// Receipts the update held.
        public let receiptsInUpdate: Int
        /// Satoshis the newly taken receipts paid the wallet.
        public let received: UInt64
        /// The wallet's confirmed balance after the import, in satoshis.
        public let confirmedBalance: UInt64
        /// True when the watcher asked for a pack reaching further: the next bundle the signer writes carries one.
        public let packExtensionRequested: Bool
        /// The home's other wallets the update's receipts concern (without `--wallet`): what each newly took.
        public var otherWallets: [OtherWallet] = []
    }

    /// What the update's receipts did to another wallet of the home (one a receipt pays or spends from).
    public struct OtherWallet: Sendable, Equatable {
        /// The wallet.
        public let walletID: String
        /// Receipts it newly took.
        public var receiptsTaken: Int
        /// Satoshis those receipts paid it.
        public var received: UInt64
    }

    /// Imports `update` into `wallet` (the wallet it names) and the session's chain, and each of its receipts also
    /// into every wallet of `others` it concerns (``ReceiptImporter/concerns(_:)``), in the same store transaction.
    /// - Throws: `SignerError` for the first refusal: another wallet's update, a header run, a receipt (none taken
    ///   then), or a used index beyond what the wallet's packs reach.
    static func importUpdate(
        _ update: UpdateBundle, wallet: SignerWallet, others: [SignerWallet] = [], search: AddressSearch = .standard
    ) throws(SignerError) -> Outcome {
        let home = wallet.home
        let book = wallet.book
        guard update.walletID.hex == book.record.walletID else {
            throw .rejected(
                reason: "the update is for wallet \(update.walletID.hex.prefix(16)), not \(book.record.walletID.prefix(16)); "
                    + "import it with --wallet \(update.walletID.hex.prefix(16))")
        }
        var added = 0
        var replaced = 0
        for run in update.headers {
            let commit = try HeaderImporter.importHeaders(run, home: home, chain: wallet.chain)
            added += commit.added
            replaced += commit.replaced
        }
        if let quote = update.feeQuote {
            try FeePolicy.record(satoshis: quote.satoshis, bytes: quote.bytes, network: update.network, home: home)
        }
        var importer = ReceiptImporter(home: home, book: book, chain: wallet.chain)
        importer.search = search
        let transaction = { () throws(SignerError) -> (Int, UInt64, [OtherWallet]) in
            var taken = 0
            var received: UInt64 = 0
            var shares: [OtherWallet] = []
            for receipt in update.receipts {
                let outcome = try importer.importReceipt(receipt)
                if outcome.changed {
                    taken += 1
                    received += outcome.received
                }
                for other in others {
                    let otherImporter = ReceiptImporter(home: home, book: other.book, chain: other.chain)
                    guard try otherImporter.concerns(receipt) else { continue }
                    let outcome = try otherImporter.importReceipt(receipt)
                    guard outcome.changed else { continue }
                    if let index = shares.firstIndex(where: { $0.walletID == outcome.walletID }) {
                        shares[index].receiptsTaken += 1
                        shares[index].received += outcome.received
                    } else {
                        shares.append(
                            OtherWallet(walletID: outcome.walletID, receiptsTaken: 1, received: outcome.received))
                    }
                }
            }
            for used in update.usedIndexes { try raise(used, book: book) }
            return (taken, received, shares)
        }
        let (taken, received, shares) = try home.database.transaction(transaction)
        var outcome = Outcome(
            walletID: book.record.walletID, headersAdded: added, headersReplaced: replaced,
            headerRange: update.headerRange.map { Int($0.lowerBound)...Int($0.upperBound) },
            validatedTipHeight: wallet.chain.validatedTipHeight, receiptsTaken: taken, receiptsInUpdate: update.receipts.count,
            received: received, confirmedBalance: try wallet.ledger().balance(walletID: book.record.walletID).confirmed,
            packExtensionRequested: !update.usedIndexes.isEmpty)
        outcome.otherWallets = shares
        return outcome
    }

    /// Takes one used index of the watcher's request: the chain's next index moves past it (never back), so the
    /// wallet's discovery range — and the next pack — reach the gap limit beyond it. The watcher knows addresses only
    /// from packs, so an index at or beyond the packs' reach is refused.
    private static func raise(_ used: UpdateBundle.UsedIndex, book: AddressBook) throws(SignerError) {
        let scheme: DerivationScheme = used.scheme == .type42 ? .type42 : .bip44
        let chain: KeyChainKind = used.chain == .receive ? .receive : .change
        let reach = try book.exportedIndex(scheme, chain)
        guard Int(used.index) < reach else {
            throw .rejected(
                reason: "the update says \(used.scheme.rawValue) \(used.chain.rawValue) index \(used.index) is used, but "
                    + "this wallet's packs reach only \(reach) addresses there; nothing was taken")
        }
        try book.raiseNext(scheme, chain, to: Int(used.index) + 1)
    }
}
