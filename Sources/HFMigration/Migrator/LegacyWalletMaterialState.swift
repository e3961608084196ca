/// The launch decision over the legacy keychain (docs/requirements/legacy-migration.md `legacyWalletMaterialState()`), applying the migrator's
/// classification before the migrator has finished.
public enum LegacyWalletMaterialState: String, Sendable, Equatable, Encodable {
    /// Nothing to wait for: no legacy mnemonic, only orphaned ones, only ledgered ones, or migration is done.
    case absent
    /// A listed or unresolved (unknown-chain) mnemonic is not migrated yet: wallet commands wait for the migrator.
    case pending
    /// The keychain cannot be enumerated, or its only unsettled mnemonics are undetermined: fail closed.
    case unreadable

    /// The state of `keychain` given the migration `flags`.
    public static func of(keychain: LegacyKeychain, flags: MigrationFlags) -> LegacyWalletMaterialState {
        guard let done = try? flags.isDone(), let ledger = try? flags.ledger() else { return .unreadable }
        if done { return .absent }
        guard let inventory = try? LegacyInventory(enumerating: keychain) else { return .unreadable }
        let unsettled = inventory.mnemonicWalletIDs.filter { !ledger.contains($0) }
        guard !unsettled.isEmpty else { return .absent }
        let lists = DashSyncChainWalletLists(reading: keychain, accounts: inventory.accounts)
        var undetermined = 0
        var open = 0
        for walletID in unsettled {
            switch lists.classify(walletID) {
            case .orphaned: continue
            case .undetermined: undetermined += 1
            case .unknownChain, .listed: open += 1
            }
        }
        if open > 0 { return .pending }
        return undetermined > 0 ? .unreadable : .absent
    }
}
