public import HFPrimitives
public import HFStore
public import HFWallet

/// A wallet's addresses across both schemes and chains: the next fresh one, lookups, and the discovery range
/// (docs/design.md §6: gap 20 past the last used, or the wider gap `wallet rescan --gap` set, floor 50, both chains, Type42
/// then BIP44).
public struct AddressBook {
    /// Unused addresses watched past the last used one, unless the wallet was given a wider gap.
    public static let gapLimit = Int(DiscoveryRange.gapLimit)
    /// The widest gap `setGapLimit` accepts.
    public static let maximumGapLimit = Int(DiscoveryRange.maximumGapLimit)
    /// The least number of addresses watched per chain.
    public static let floor = Int(DiscoveryRange.floor)
    /// Addresses recognised as the wallet's past the discovery range, so a payment to a slightly later one counts.
    public static let ownershipMargin = 100

    private let database: Database
    /// The wallet.
    public let record: WalletRecord
    /// Its keys.
    public let keys: WalletKeys
    private var indexes: AddressIndexRecords { AddressIndexRecords(database: database) }

    /// The scheme of new addresses (validated when the wallet's row was read: never a default).
    public let scheme: DerivationScheme

    /// The address book of `wallet` with its `keys`.
    public init(home: SignerHome, wallet: WalletInfo, keys: WalletKeys) {
        database = home.database
        record = wallet.record
        scheme = wallet.derivation
        self.keys = keys
    }

    /// `next_index` of one chain.
    public func nextIndex(_ scheme: DerivationScheme, _ chain: KeyChainKind) throws(SignerError) -> Int {
        try row(scheme, chain).nextIndex
    }

    /// `count` entries of one chain of the wallet's scheme from `start`.
    public func list(chain: KeyChainKind, start: UInt32, count: Int) throws(SignerError) -> [DerivedAddress] {
        do { return try keys.derive(scheme: scheme, chain: chain, start: start, count: count) } catch {
            throw .rejected(reason: "\(error)")
        }
    }

    /// The fresh receive address, marked handed out (the next call gives the one after it).
    public func next() throws(SignerError) -> DerivedAddress {
        let index = try nextIndex(scheme, .receive)
        let entry = try list(chain: .receive, start: UInt32(index), count: 1)[0]
        try raiseNext(scheme, .receive, to: index + 1)
        return entry
    }

    /// The fresh receive address (the next index), without moving the index: the caller raises it when it keeps
    /// what uses the address.
    public func freshReceive() throws(SignerError) -> DerivedAddress {
        try list(chain: .receive, start: UInt32(try nextIndex(scheme, .receive)), count: 1)[0]
    }

    /// The first fresh change address (marked used by the caller's transaction, not here).
    public func freshChange(offset: Int = 0) throws(SignerError) -> DerivedAddress {
        let index = try nextIndex(scheme, .change) + offset
        return try list(chain: .change, start: UInt32(index), count: 1)[0]
    }

    /// Searches both schemes and both chains for `address` within `search`'s bound (`AddressSearch`: nearer indices
    /// first, Type42 before BIP44). Stores nothing.
    public func find(
        _ address: Address, search: AddressSearch = .standard, progress: AddressSearch.Progress? = nil
    ) throws(SignerError) -> DerivedAddress? {
        do { return try search.find(address, in: keys, progress: progress) } catch { throw .rejected(reason: "\(error)") }
    }

    /// The wallet's entries for the addresses `outputs` pay, searched within `search`'s bound. Stores nothing.
    public func find(
        payeesOf outputs: [TransactionOutput], search: AddressSearch = .standard,
        progress: AddressSearch.Progress? = nil
    ) throws(SignerError) -> [DerivedAddress] {
        do { return try search.find(payeesOf: outputs, in: keys, progress: progress) } catch {
            throw .rejected(reason: "\(error)")
        }
    }

    /// Records `entry` as used: its chain's `next_index` moves past it (never back), so the balance, receipts and
    /// the next address pack cover it.
    public func recordUsed(_ entry: DerivedAddress) throws(SignerError) {
        try raiseNext(entry.scheme, entry.chain, to: Int(entry.index) + 1)
    }

    /// The gap limit in force: the one `setGapLimit` stored, never below the default `gapLimit`.
    public func currentGapLimit() throws(SignerError) -> Int {
        let stored: Int?
        do { stored = try GapLimitRecords(database: database).gapLimit(walletID: record.walletID) } catch {
            throw .database(error)
        }
        return max(Self.gapLimit, stored ?? Self.gapLimit)
    }

    /// The gap limit `setGapLimit` stored, or nil when none was (then the default applies).
    public func storedGapLimit() throws(SignerError) -> Int? {
        do { return try GapLimitRecords(database: database).gapLimit(walletID: record.walletID) } catch {
            throw .database(error)
        }
    }

    /// Stores the wallet's gap limit, 1 to `maximumGapLimit` (below the default, the default stays in force).
    public func setGapLimit(_ gap: Int) throws(SignerError) {
        guard (1...Self.maximumGapLimit).contains(gap) else {
            throw .rejected(reason: "a gap limit is 1 to \(Self.maximumGapLimit), not \(gap)")
        }
        do { try GapLimitRecords(database: database).setGapLimit(gap, walletID: record.walletID) } catch {
            throw .database(error)
        }
    }

    /// Every address the wallet may have used: both schemes and chains to the discovery range plus a margin.
    public func ownedAddresses() throws(SignerError) -> OwnedAddresses {
        var entries: [DerivedAddress] = []
        for (scheme, chain, end) in try watchRange(extraReceive: 0) {
            let count = max(end, try exportedIndex(scheme, chain)) + Self.ownershipMargin
            do { entries += try keys.derive(scheme: scheme, chain: chain, start: 0, count: count) } catch {
                throw .rejected(reason: "\(error)")
            }
        }
        return OwnedAddresses(entries)
    }

    /// Raises one chain's `next_index` (never lowers it).
    public func raiseNext(_ scheme: DerivationScheme, _ chain: KeyChainKind, to index: Int) throws(SignerError) {
        do {
            try indexes.raiseNext(walletID: record.walletID, scheme: scheme.rawValue, chain: chain.rawValue, to: index)
        } catch { throw .database(error) }
    }

    /// For each scheme and chain, how far the watcher must watch: `max(floor, next + gap)` with the wallet's gap
    /// limit (`currentGapLimit`), and for the wallet's receive chain at least `next + extraReceive`.
    public func watchRange(extraReceive: Int) throws(SignerError) -> [(DerivationScheme, KeyChainKind, Int)] {
        var ranges: [(DerivationScheme, KeyChainKind, Int)] = []
        let gap = try currentGapLimit()
        for scheme in [DerivationScheme.type42, .bip44] {
            for chain in KeyChainKind.allCases {
                let next = try nextIndex(scheme, chain)
                var end = max(Self.floor, next + gap)
                if scheme == self.scheme, chain == .receive { end = max(end, next + extraReceive) }
                ranges.append((scheme, chain, end))
            }
        }
        return ranges
    }

    /// Records that packs now reach `end` on one chain.
    public func raiseExported(_ scheme: DerivationScheme, _ chain: KeyChainKind, to end: Int) throws(SignerError) {
        do {
            try indexes.raiseExported(walletID: record.walletID, scheme: scheme.rawValue, chain: chain.rawValue, to: end)
        } catch { throw .database(error) }
    }

    /// How far packs reach on one chain.
    public func exportedIndex(_ scheme: DerivationScheme, _ chain: KeyChainKind) throws(SignerError) -> Int {
        try row(scheme, chain).exportedIndex
    }

    private func row(_ scheme: DerivationScheme, _ chain: KeyChainKind) throws(SignerError) -> AddressIndexRecords.Row {
        let rows: [AddressIndexRecords.Row]
        do { rows = try indexes.rows(walletID: record.walletID) } catch { throw .database(error) }
        guard let row = rows.first(where: { $0.scheme == scheme.rawValue && $0.chain == chain.rawValue }) else {
            throw .rejected(reason: "wallet \(record.walletID.prefix(16)) has no address indexes; the store is damaged")
        }
        return row
    }
}
