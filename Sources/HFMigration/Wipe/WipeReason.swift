public import HFPrimitives
public import HFWallet

/// The explicit authorization every wipe carries (docs/requirements/legacy-migration.md `DWSwiftDashSDKWalletWiper` reasons).
public enum WipeReason: Sendable {
    /// The recover-screen wipe: the typed phrase must match every stored mnemonic (set-wide). Removes the legacy
    /// accounts of that seed.
    case recoveryFlow(Mnemonic)
    /// Support Wipe / confirmed Delete All: removes every legacy mnemonic account, orphaned ones included.
    case confirmedDeleteAll
    /// The plain wipe shortcut: only with exactly one stored wallet ID, on mainnet, with a zero confirmed balance of
    /// the active wallet.
    case zeroBalance(activeNetwork: Network, confirmedBalance: UInt64)
    /// Screenshot-triggered replacement: keeps legacy data.
    case screenshotReplacement
    /// The developer reset: keeps legacy data.
    case debugReset

    /// The command-line name.
    public var name: String {
        switch self {
        case .recoveryFlow: "recovery"
        case .confirmedDeleteAll: "delete-all"
        case .zeroBalance: "zero-balance"
        case .screenshotReplacement: "screenshot-replacement"
        case .debugReset: "debug-reset"
        }
    }
}
