import HFPrimitives

/// The bits each network demands for a header at a given height (docs/design.md §5).
///
/// - `main`: the original 2016-block retarget below height 478559 (for tests on early data), the BSV/BCH 144-block
///   work-weighted rule from 504031 on; heights in between (the 2017 emergency adjustment era) are not implemented.
/// - `test`: not checked (testnet's minimum-difficulty history is not implemented); proof of work against the header's
///   own bits and the time rule still apply.
/// - `regtest`: always 0x207fffff, no retargeting.
enum DifficultyRule {
    /// Last height of the 2016-block retarget era on BSV mainnet.
    static let lastLegacyHeight = 478_558
    /// First height of the 144-block work-weighted rule.
    static let firstCashWorkHeight = 504_031
    /// Regtest's constant bits.
    static let regtestBits: UInt32 = 0x207f_ffff

    /// The bits required at `height`, or nil when the network's rule does not constrain them.
    ///
    /// - Throws: `HeaderRejection.difficultyRuleUnavailable` when the ancestry is too short or the era is not
    ///   implemented.
    static func requiredBits(
        network: Network, height: Int, in ancestry: some HeaderAncestry
    ) throws(HeaderRejection) -> UInt32? {
        switch network {
        case .regtest:
            return regtestBits
        case .test:
            return nil
        case .main:
            if height <= lastLegacyHeight {
                return try LegacyRetarget.requiredBits(height: height, in: ancestry)
            }
            guard height >= firstCashWorkHeight else { throw .difficultyRuleUnavailable(height: height) }
            return try CashWorkRule.requiredBits(height: height, in: ancestry)
        }
    }
}
