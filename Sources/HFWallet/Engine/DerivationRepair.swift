public import HFPrimitives
/// Decides whether a wallet's recorded derivation scheme should be corrected after discovery (docs/design.md §6:
/// auto-repair of the derivation type).
///
/// Type42 usage is decisive: if any Type42 address was used and the wallet says BIP44, the wallet is Type42. The
/// reverse is weaker: a wallet that says Type42 is switched to BIP44 only when no Type42 address is used at all
/// and some BIP44 address is (an older wallet restored with the new default). Otherwise nothing changes.
public enum DerivationRepair {
    /// The scheme the wallet should use instead of `current`, or nil to keep it.
    ///
    /// - Parameters:
    ///   - current: the scheme the wallet records.
    ///   - type42Used: whether any Type42 address (either chain) was used.
    ///   - bip44Used: whether any BIP44 address (either chain) was used.
    public static func suggestion(
        current: DerivationScheme, type42Used: Bool, bip44Used: Bool
    ) -> DerivationScheme? {
        switch current {
        case .bip44: type42Used ? .type42 : nil
        case .type42: !type42Used && bip44Used ? .bip44 : nil
        }
    }

    /// The suggestion from discovery results (`AddressDiscovery.scan`).
    public static func suggestion(current: DerivationScheme, ranges: [DiscoveryRange]) -> DerivationScheme? {
        suggestion(
            current: current,
            type42Used: ranges.contains { $0.scheme == .type42 && $0.lastUsed != nil },
            bip44Used: ranges.contains { $0.scheme == .bip44 && $0.lastUsed != nil })
    }
}
