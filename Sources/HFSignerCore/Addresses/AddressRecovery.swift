public import HFPrimitives
public import HFWallet
import HFStore

/// What `address find` found, and whether `--save` moved the wallet's range.
public struct FoundAddress: Sendable {
    /// The wallet's entry for the address.
    public let entry: DerivedAddress
    /// True when the entry was recorded as used now (false without `--save`, or when it already was).
    public let recorded: Bool
}

/// What `wallet rescan --gap` set.
public struct RescanOutcome: Sendable {
    /// One chain's reach: the next address pack covers indexes `0..<end`.
    public struct Reach: Sendable, Equatable {
        public let scheme: DerivationScheme
        public let chain: KeyChainKind
        public let end: Int
        /// How far packs already reached.
        public let exported: Int
    }

    /// The gap limit asked for.
    public let requestedGap: Int
    /// The gap limit in force (never below the default 20).
    public let gapLimit: Int
    /// Each chain of both schemes, Type42 first.
    public let reaches: [Reach]
}

extension SignerWallet {
    /// Searches the wallet's chains for `address` within `search`'s bound (`address find`); with `save`, records the
    /// found index as used (one store transaction), so balances, receipts and the next address pack cover it.
    /// Nothing is written when the address is not found.
    public func findAddress(
        _ address: Address, search: AddressSearch, save: Bool, progress: AddressSearch.Progress? = nil
    ) throws(SignerError) -> FoundAddress? {
        guard let entry = try book.find(address, search: search, progress: progress) else { return nil }
        guard save else { return FoundAddress(entry: entry, recorded: false) }
        let recorded = try home.database.transaction { () throws(SignerError) in
            let before = try book.nextIndex(entry.scheme, entry.chain)
            try book.recordUsed(entry)
            return before <= Int(entry.index)
        }
        return FoundAddress(entry: entry, recorded: recorded)
    }

    /// Gives the wallet the gap limit `gap` (1 to `AddressBook.maximumGapLimit`; `wallet rescan --gap`): the next
    /// address packs cover `gap` unused addresses past the last used of every chain of both schemes, and receipts to
    /// them are the wallet's. One store transaction.
    public func rescan(gap: Int) throws(SignerError) -> RescanOutcome {
        try home.database.transaction { () throws(SignerError) in
            try book.setGapLimit(gap)
            let reaches = try book.watchRange(extraReceive: 0).map { (scheme, chain, end) throws(SignerError) in
                RescanOutcome.Reach(
                    scheme: scheme, chain: chain, end: end, exported: try book.exportedIndex(scheme, chain))
            }
            return RescanOutcome(requestedGap: gap, gapLimit: try book.currentGapLimit(), reaches: reaches)
        }
    }
}
