public import HFPrimitives

/// A bounded search of a wallet's four key chains for the addresses a payment names, far past the discovery range
/// (docs/requirements/wallet.md "Add address" and "Auto-rediscovery"; docs/design.md §6 "Discovery beyond the window").
///
/// Indices `0..<bound` of every chain in `AddressDiscovery.order` are derived in batches of `batchSize`, one batch of
/// each chain in turn (Type42 receive, Type42 change, BIP44 receive, BIP44 change, then the next batch), so a nearer
/// index is found before a farther one, and the search stops as soon as every target was found. At most
/// `4 × bound` derivations, each one HMAC and one point tweak. Pure: nothing is stored.
public struct AddressSearch: Sendable {
    /// Called after each batch with the derivations done and the most the search can do.
    public typealias Progress = (_ derived: Int, _ total: Int) -> Void

    /// The default bound: 10,000 per chain and scheme.
    public static let defaultBound: UInt32 = 10_000

    /// The largest bound accepted: 100,000 per chain and scheme (400,000 derivations).
    public static let maximumBound: UInt32 = 100_000

    /// Indices derived per chain before the next chain's turn.
    public static let batchSize: UInt32 = 1_000

    /// The indices searched per chain and scheme: `0..<bound`.
    public let bound: UInt32

    /// The search with the default bound.
    public static let standard = AddressSearch(validBound: defaultBound)

    // MARK: - Initializers

    /// A search of indices `0..<bound`, or nil unless `bound` is 1 to `maximumBound`.
    public init?(bound: UInt32 = defaultBound) {
        guard (1...Self.maximumBound).contains(bound) else { return nil }
        self.bound = bound
    }

    private init(validBound: UInt32) { bound = validBound }

    // MARK: - Properties

    /// The most derivations the search does: `bound` for each chain of both schemes.
    public var maximumDerivations: Int { Int(bound) * AddressDiscovery.order.count }

    // MARK: - Methods

    /// The wallet's entry for `address`, or nil if it is not within the bound (or of another network).
    ///
    /// - Throws: `WalletKeysError` only for a (practically impossible) underivable key.
    public func find(
        _ address: Address, in keys: WalletKeys, progress: Progress? = nil
    ) throws(WalletKeysError) -> DerivedAddress? {
        guard address.network == keys.network else { return nil }
        return try search([Hash160Key(address.hash160)], in: keys, progress: progress).first
    }

    /// The wallet's entries for every public-key hash that an output of `outputs` pays (P2PKH, or a P2PKH part of an
    /// ordinal inscription, as `OwnedAddresses` reads them), in the order found.
    ///
    /// - Throws: `WalletKeysError` only for a (practically impossible) underivable key.
    public func find(
        payeesOf outputs: [TransactionOutput], in keys: WalletKeys, progress: Progress? = nil
    ) throws(WalletKeysError) -> [DerivedAddress] {
        var targets = Set<Hash160Key>()
        for output in outputs {
            let _: Void? = OwnedAddresses.firstPayee(of: output.lockingScript) { key in
                targets.insert(key)
                return nil
            }
        }
        return try search(targets, in: keys, progress: progress)
    }

    /// Derives batch after batch until every target is found or the bound is reached.
    private func search(
        _ targets: Set<Hash160Key>, in keys: WalletKeys, progress: Progress?
    ) throws(WalletKeysError) -> [DerivedAddress] {
        guard !targets.isEmpty else { return [] }
        var remaining = targets
        var found: [DerivedAddress] = []
        var derived = 0
        var start: UInt32 = 0
        while start < bound, !remaining.isEmpty {
            let count = Int(min(Self.batchSize, bound - start))
            for (scheme, chain) in AddressDiscovery.order where !remaining.isEmpty {
                for entry in try keys.derive(scheme: scheme, chain: chain, start: start, count: count) {
                    if remaining.remove(Hash160Key(entry.address.hash160)) != nil { found.append(entry) }
                }
                derived += count
            }
            progress?(derived, maximumDerivations)
            start += UInt32(count)
        }
        return found
    }
}
