public import HFStore
import HFPrimitives
import HFWallet

/// Imports wallet mnemonics from the DashSync layout of a legacy keychain into the signer (docs/requirements/legacy-migration.md
/// `SwiftDashSDKKeyMigrator`). Normal migration only reads the legacy keychain.
///
/// The signer's core is synchronous, so ``migrateIfNeeded()`` does the work before it returns (the app's background
/// queue has no counterpart in a command-line run).
public final class DashSyncKeyMigrator {
    private let keychain: LegacyKeychain
    private let flags: MigrationFlags
    private let host: any WalletHost
    private let log: (String) -> Void
    private let onDone: () -> Void

    /// A migrator.
    ///
    /// - Parameters:
    ///   - keychain: the legacy keychain (read only).
    ///   - flags: the sentinel, ledger and defer flags.
    ///   - host: the one boundary through which wallets are created.
    ///   - log: receives the run's one summary line (counts only).
    ///   - onDone: called after the done sentinel is written (the runtime notification).
    public init(
        keychain: LegacyKeychain, flags: MigrationFlags, host: any WalletHost, log: @escaping (String) -> Void,
        onDone: @escaping () -> Void = {}
    ) {
        self.keychain = keychain
        self.flags = flags
        self.host = host
        self.log = log
        self.onDone = onDone
    }

    /// Runs the migration in the order of docs/requirements/legacy-migration.md; returns what happened.
    ///
    /// - Throws: `DatabaseError` when the flags cannot be read or written (nothing is decided then).
    @discardableResult
    public func migrateIfNeeded() throws(DatabaseError) -> MigrationReport {
        var report = MigrationReport()
        // 1. The sentinel.
        if try flags.isDone() {
            report.state = .done
            report.skipped = true
            report.alreadyMigrated = try flags.ledger().count
            return report
        }
        // 2. Clear stale defer flags (deferredMultiWallet included: it is never a skip condition).
        try flags.clearDeferFlags()
        // 3. Enumerate the service's accounts (attributes only).
        let inventory: LegacyInventory
        do {
            inventory = try LegacyInventory(enumerating: keychain)
        } catch {
            report.failed = 1
            try flags.set(MigrationKeys.deferredFailure)
            return finish(report)
        }
        // 4. No mnemonic: fresh install or an already wiped device.
        guard !inventory.mnemonicWalletIDs.isEmpty else {
            return try markDone(report)
        }
        // 5. Every chain list, one item at a time; unreadable is never empty.
        let lists = DashSyncChainWalletLists(reading: keychain, accounts: inventory.accounts)
        // 6. Each wallet not in the ledger.
        let ledger = try flags.ledger()
        for walletID in inventory.mnemonicWalletIDs {
            if ledger.contains(walletID) {
                report.alreadyMigrated += 1
                continue
            }
            switch lists.classify(walletID) {
            case .orphaned: report.orphaned += 1
            case .undetermined: report.undetermined += 1
            case .unknownChain: report.unknownChain += 1
            case .listed(let networks):
                if importWallet(walletID, networks: networks) {
                    try flags.addToLedger(walletID)
                    report.migrated += 1
                } else {
                    report.failed += 1
                }
            }
        }
        if report.unknownChain > 0 { try flags.set(MigrationKeys.deferredUnknownChain) }
        if report.undetermined > 0 || report.failed > 0 { try flags.set(MigrationKeys.deferredFailure) }
        // 7. The sentinel only when nothing is left.
        guard report.unknownChain == 0, report.undetermined == 0, report.failed == 0 else { return finish(report) }
        return try markDone(report)
    }

    private func markDone(_ report: MigrationReport) throws(DatabaseError) -> MigrationReport {
        var report = report
        try flags.setDone()
        report.state = .done
        onDone()
        return finish(report)
    }

    private func finish(_ report: MigrationReport) -> MigrationReport {
        log(report.summaryLine)
        return report
    }

    /// Reads, validates and imports one listed wallet on each of its networks; false on any failure.
    private func importWallet(_ walletID: String, networks: [Network]) -> Bool {
        guard let item = try? keychain.read(account: DashSyncLayout.mnemonicAccount(walletID)),
            let (mnemonic, ids) = try? LegacyMnemonic.validate(item, networks: networks)
        else { return false }
        for network in networks {
            let request = WalletCreationRequest(
                mnemonic: mnemonic, network: network, title: nil, derivation: .bip44, expectedWalletID: ids[network],
                existing: .accept)
            guard (try? host.createOrImportWallet(request)) != nil else { return false }
        }
        return true
    }
}
