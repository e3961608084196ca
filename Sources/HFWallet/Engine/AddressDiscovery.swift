public import HFPrimitives
/// Finds which addresses of a wallet are in use: receive and change chains of both schemes, Type42 first then
/// BIP44, each scanned until `DiscoveryRange.gapLimit` unused addresses follow the last used one and at least
/// `DiscoveryRange.floor` were looked at (docs/design.md §6).
///
/// Pure: the caller says whether an address was used (from receipts on the signer, from history on the watcher).
public enum AddressDiscovery {
    /// The order chains are scanned in: Type42 receive, Type42 change, BIP44 receive, BIP44 change.
    public static let order: [(scheme: DerivationScheme, chain: KeyChainKind)] = [
        (.type42, .receive), (.type42, .change), (.bip44, .receive), (.bip44, .change),
    ]

    /// The largest index space a chain has: non-hardened indices, below 2³¹.
    public static let indexLimit: UInt32 = 1 << 31

    // MARK: - Methods

    /// Scans every chain in `order`.
    ///
    /// - Parameters:
    ///   - limit: indices at or above it are never asked about (for example how far the watcher was given
    ///     addresses); a range that would reach past it is cut there and marked truncated.
    ///   - isUsed: whether the address at (scheme, chain, index) was used.
    /// - Returns: one range per chain, in `order`.
    public static func scan(
        limit: UInt32 = indexLimit, isUsed: (DerivationScheme, KeyChainKind, UInt32) -> Bool
    ) -> [DiscoveryRange] {
        order.map { entry in
            scan(scheme: entry.scheme, chain: entry.chain, limit: limit) { isUsed(entry.scheme, entry.chain, $0) }
        }
    }

    /// Scans one chain from index 0: every index below the running end is asked once, and each used index moves
    /// the end to `lastUsed + 1 + gapLimit` (never below the floor).
    ///
    /// - Parameters:
    ///   - limit: indices at or above it are never asked about; the range is then cut and marked truncated.
    ///   - isUsed: whether the address at an index was used.
    public static func scan(
        scheme: DerivationScheme, chain: KeyChainKind, limit: UInt32 = indexLimit, isUsed: (UInt32) -> Bool
    ) -> DiscoveryRange {
        var lastUsed: UInt32?
        var index: UInt32 = 0
        while index < min(DiscoveryRange.end(lastUsed: lastUsed), limit) {
            if isUsed(index) { lastUsed = index }
            index += 1
        }
        return DiscoveryRange(scheme: scheme, chain: chain, lastUsed: lastUsed, limit: limit)
    }
}
