/// How the coin selector picks inputs (docs/requirements/wallet.md "Fragmentation-Aware Selection", docs/design.md §6).
///
/// | | `normal` | `fragmentationAware` |
/// |---|---|---|
/// | order | largest first | smallest first |
/// | dust-input cap | 10 | 50 |
/// | smart change | on | off |
///
/// The fragmentation-aware policy applies when the wallet holds more than 100 selectable UTXOs, or more than 40 whose
/// average value is below 5000 satoshis: it spends small coins first so that a fragmented wallet consolidates.
/// Protected UTXOs (1-satoshi outputs and inscriptions) are not counted: they are never spent, so they say nothing
/// about fragmentation. The average is compared exactly (`total < 5000 × count`), without rounding.
public enum SelectionPolicy: String, Hashable, Sendable, CaseIterable {
    /// Largest first, at most 10 dust inputs, smart change on.
    case normal
    /// Smallest first, at most 50 dust inputs, smart change off.
    case fragmentationAware

    /// More selectable UTXOs than this always selects the fragmentation-aware policy: 100.
    public static let manyUTXOs = 100

    /// More selectable UTXOs than this with a low average selects the fragmentation-aware policy: 40.
    public static let someUTXOs = 40

    /// The average value (satoshis) below which `someUTXOs` is enough: 5000.
    public static let smallAverage: UInt64 = 5000

    // MARK: - Properties

    /// The largest number of dust inputs (`DustLimit`) one transaction may spend: 10 or 50.
    public var dustInputCap: Int {
        switch self {
        case .normal: 10
        case .fragmentationAware: 50
        }
    }

    /// Whether inputs are taken smallest first (else largest first).
    public var smallestFirst: Bool { self == .fragmentationAware }

    /// Whether change above ten times the payment is split in two (`CoinSelector.smartChangeFactor`).
    public var smartChange: Bool { self == .normal }

    // MARK: - Methods

    /// The policy for a wallet holding `count` selectable UTXOs worth `totalSatoshis` together.
    public static func forCoins(count: Int, totalSatoshis: UInt64) -> SelectionPolicy {
        if count > manyUTXOs { return .fragmentationAware }
        let (limit, overflow) = smallAverage.multipliedReportingOverflow(by: UInt64(max(count, 0)))
        if count > someUTXOs, !overflow, totalSatoshis < limit { return .fragmentationAware }
        return .normal
    }

    /// The policy for a wallet holding `utxos` (protected and non-P2PKH ones are not counted).
    public static func forUTXOs(_ utxos: [UTXO]) -> SelectionPolicy {
        var count = 0
        var total: UInt64 = 0
        for utxo in utxos where utxo.isSelectable {
            count += 1
            total += utxo.satoshis
        }
        return forCoins(count: count, totalSatoshis: total)
    }
}
