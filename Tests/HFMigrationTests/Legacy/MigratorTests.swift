import Foundation
import HFCrypto
import HFMigration
import HFPrimitives
import HFStore
import HFTestSupport
import HFWallet
import Testing

/// `migrateIfNeeded` against every planted keychain layout of the fixture builder.
@Suite struct MigratorTests {
    typealias Fixture = LegacyKeychainFixture

    @Test func oneWalletOnMainnetMigratesAndSetsDone() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        try home.legacy.plantMnemonic("w1", phrase: phrases[0])
        try home.legacy.plantList(Fixture.mainnet, ["w1"])
        #expect(home.launchState == .pending)
        let report = try home.migrate()
        #expect(report.state == .done && report.migrated == 1 && report.failed == 0)
        #expect(try home.wallets(.main).map(\.walletID) == [try MigrationHome.walletID(phrases[0], .main)])
        #expect(try home.wallets(.test).isEmpty)
        #expect(try home.flags.isDone() && home.flags.ledger() == ["w1"])
        #expect(home.doneNotifications == 1)
        #expect(home.launchState == .absent)
        #expect(home.logLines == [
            "migration.dashsync state=done migrated=1 alreadyMigrated=0 orphaned=0 unknownChain=0 undetermined=0 failed=0"
        ])
        // Run twice: step 1 returns, no second log line, nothing new.
        let again = try home.migrate()
        #expect(again.state == .done && again.skipped && again.migrated == 0 && again.alreadyMigrated == 1)
        #expect(home.logLines.count == 1)
        #expect(try home.wallets(.main).count == 1)
    }

    @Test func severalWalletsOnBothNetworks() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        for (index, id) in ["m1", "m2", "t1", "both"].enumerated() { try home.legacy.plantMnemonic(id, phrase: phrases[index]) }
        try home.legacy.plantList(Fixture.mainnet, ["m1", "m2", "both"])
        try home.legacy.plantList(Fixture.testnet, ["t1", "both"])
        let report = try home.migrate()
        #expect(report.state == .done && report.migrated == 4)
        let main = Set(try home.wallets(.main).map(\.walletID))
        let test = Set(try home.wallets(.test).map(\.walletID))
        #expect(main == Set(try [0, 1, 3].map { try MigrationHome.walletID(phrases[$0], .main) }))
        #expect(test == Set(try [2, 3].map { try MigrationHome.walletID(phrases[$0], .test) }))
        for record in try home.wallets(.main) + home.wallets(.test) {
            #expect(try home.vault.read(id: record.vaultID).count > 0)
        }
    }

    @Test func noMnemonicMeansDoneAtOnce() throws {
        let home = try MigrationHome()
        try home.legacy.plantList(Fixture.mainnet, [])
        try home.legacy.plant("m/0_x", [1])
        #expect(home.launchState == .absent)
        #expect(try home.migrate().state == .done)
        #expect(try home.flags.isDone())
    }

    @Test func anInvalidPhraseFailsTheWalletAndLeavesDoneUnset() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        try home.legacy.plantMnemonic("good", phrase: phrases[1])
        try home.legacy.plantMnemonic("bad", phrase: "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon")
        try home.legacy.plantMnemonic("binary", phrase: "")
        try home.legacy.plant("WALLET_MNEMONIC_KEY_binary", [0xff, 0xfe])
        try home.legacy.plantList(Fixture.mainnet, ["good", "bad", "binary"])
        let report = try home.migrate()
        #expect(report.state == .incomplete && report.migrated == 1 && report.failed == 2)
        #expect(try !home.flags.isDone() && home.flags.isSet(MigrationKeys.deferredFailure))
        #expect(try home.flags.ledger() == ["good"])
        #expect(home.launchState == .pending)
    }

    @Test func anOrphanedMnemonicIsSkippedKeptAndDoesNotBlockDone() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        try home.legacy.plantMnemonic("kept", phrase: phrases[0])
        try home.legacy.plantMnemonic("orphan", phrase: phrases[1])
        try home.legacy.plantList(Fixture.mainnet, ["kept"])
        try home.legacy.plantList(Fixture.testnet, [])
        let report = try home.migrate()
        #expect(report.state == .done && report.migrated == 1 && report.orphaned == 1)
        #expect(home.legacy.exists("WALLET_MNEMONIC_KEY_orphan"))
        #expect(try home.wallets(.main).count == 1)
    }

    @Test func onlyOrphansMeansAbsentAndDone() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        try home.legacy.plantMnemonic("orphan", phrase: phrases[1])
        try home.legacy.plantList(Fixture.mainnet, [])
        #expect(home.launchState == .absent)
        #expect(try home.migrate().state == .done)
        #expect(try home.wallets(.main).isEmpty)
    }

    @Test func anUndecodableListMakesUnnamedMnemonicsUndetermined() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        try home.legacy.plantMnemonic("listed", phrase: phrases[0])
        try home.legacy.plantMnemonic("unknown", phrase: phrases[1])
        try home.legacy.plantList(Fixture.mainnet, ["listed"])
        try home.legacy.plant("CHAIN_WALLETS_KEY_" + Fixture.testnet, Array("bplist00 garbage".utf8))
        let report = try home.migrate()
        #expect(report.migrated == 1 && report.undetermined == 1 && report.orphaned == 0 && report.state == .incomplete)
        #expect(try home.flags.isSet(MigrationKeys.deferredFailure) && !home.flags.isDone())
        #expect(home.launchState == .unreadable)
    }

    @Test func anUnreadableListDanglingLinkMakesUnnamedMnemonicsUndetermined() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        try home.legacy.plantMnemonic("unknown", phrase: phrases[1])
        try home.legacy.plantDanglingList(Fixture.mainnet)
        #expect(home.launchState == .unreadable)
        let report = try home.migrate()
        #expect(report.undetermined == 1 && report.state == .incomplete)
        #expect(home.launchState == .unreadable)
    }

    @Test func noChainListAtAllIsAnUnknownChain() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        try home.legacy.plantMnemonic("w", phrase: phrases[0])
        #expect(home.launchState == .pending)
        let report = try home.migrate()
        #expect(report.unknownChain == 1 && report.state == .incomplete)
        #expect(try home.flags.isSet(MigrationKeys.deferredUnknownChain) && !home.flags.isDone())
        #expect(try home.wallets(.main).isEmpty)
        #expect(home.launchState == .pending)
    }

    @Test func aDevnetOnlyListIsAnUnknownChain() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        try home.legacy.plantMnemonic("dev", phrase: phrases[0])
        try home.legacy.plantList(Fixture.devnet, ["dev"])
        try home.legacy.plantList(Fixture.mainnet, [])
        let report = try home.migrate()
        #expect(report.unknownChain == 1 && report.state == .incomplete)
        #expect(try home.flags.isSet(MigrationKeys.deferredUnknownChain))
        #expect(home.launchState == .pending)
    }

    @Test func staleDeferFlagsAreClearedAndMultiWalletIsNeverASkip() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        for key in MigrationKeys.deferFlags { try home.flags.set(key) }
        try home.legacy.plantMnemonic("a", phrase: phrases[0])
        try home.legacy.plantMnemonic("b", phrase: phrases[1])
        try home.legacy.plantList(Fixture.mainnet, ["a", "b"])
        let report = try home.migrate()
        #expect(report.state == .done && report.migrated == 2)
        for key in MigrationKeys.deferFlags { #expect(try !home.flags.isSet(key)) }
    }

    @Test func anUnlistableKeychainFailsClosed() throws {
        let home = try MigrationHome()
        let migrator = DashSyncKeyMigrator(
            keychain: LegacyKeychain(root: home.legacy.root + "/missing"), flags: home.flags, host: home.host, log: { _ in })
        let report = try migrator.migrateIfNeeded()
        #expect(report.state == .incomplete && report.failed == 1)
        #expect(try home.flags.isSet(MigrationKeys.deferredFailure))
        #expect(LegacyWalletMaterialState.of(keychain: LegacyKeychain(root: home.legacy.root + "/missing"), flags: home.flags) == .unreadable)
    }

    @Test func partialFailureThenRetryImportsTheRestWithoutDuplicates() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        try home.legacy.plantMnemonic("m", phrase: phrases[0])
        try home.legacy.plantMnemonic("t", phrase: phrases[1])
        try home.legacy.plantMnemonic("both", phrase: phrases[2])
        try home.legacy.plantList(Fixture.mainnet, ["m", "both"])
        try home.legacy.plantList(Fixture.testnet, ["t", "both"])
        let failing = FailingHost(home.host, failing: [.test])
        let first = try home.migrate(host: failing)
        #expect(first.state == .incomplete && first.migrated == 1 && first.failed == 2)
        #expect(try home.flags.ledger() == ["m"])
        #expect(try home.wallets(.main).count == 2)  // "both" reached main before test failed
        let second = try home.migrate()
        #expect(second.state == .done && second.migrated == 2 && second.alreadyMigrated == 1)
        #expect(try home.wallets(.main).count == 2 && home.wallets(.test).count == 2)
        #expect(try home.flags.ledger() == ["m", "t", "both"])
        #expect(try home.vault.ids().filter { $0.hasPrefix("wallet-") }.count == 4)
    }

    @Test func everyCrashWindowResumesWithoutLossOrDuplicates() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        try home.legacy.plantMnemonic("vaultOnly", phrase: phrases[0])
        try home.legacy.plantMnemonic("rowNoLedger", phrase: phrases[1])
        try home.legacy.plantList(Fixture.mainnet, ["vaultOnly", "rowNoLedger"])
        // Killed after the vault write, before the row: the entry is not provisional on the rerun and is kept.
        let vaultOnlyID = try MigrationHome.walletID(phrases[0], .main)
        try home.vault.write(id: "wallet-" + vaultOnlyID, data: WalletSecret(phrase: phrases[0], passphrase: "").encoded())
        // Killed after the row, before the ledger entry.
        _ = try home.host.createOrImportWallet(WalletCreationRequest(mnemonic: Mnemonic(phrase: phrases[1]), network: .main))
        let report = try home.migrate()
        #expect(report.state == .done && report.migrated == 2)
        #expect(try home.wallets(.main).count == 2 && home.vault.ids().count == 2)
        #expect(try home.flags.ledger() == ["vaultOnly", "rowNoLedger"])
    }

    @Test func aRowFailureRemovesOnlyTheProvisionalMnemonic() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        let kept = try WalletCreationRequest(mnemonic: Mnemonic(phrase: phrases[1]), network: .main)
        let keptID = try home.host.createOrImportWallet(kept).record.vaultID
        let before = try home.vault.ids()
        // A real SQLite failure after the vault write: a trigger refuses the wallet row.
        try home.database.execute(
            "CREATE TEMP TRIGGER refuse BEFORE INSERT ON wallets BEGIN SELECT RAISE(ABORT, 'refused'); END")
        let request = try WalletCreationRequest(mnemonic: Mnemonic(phrase: phrases[0]), network: .main)
        #expect(throws: WalletHostError.self) { try home.host.createOrImportWallet(request) }
        #expect(try home.vault.ids() == before)
        #expect(try home.vault.read(id: keptID).count > 0)
        #expect(try home.wallets(.main).count == 1)
        // A title over 256 bytes is refused before anything is stored.
        let long = try WalletCreationRequest(
            mnemonic: Mnemonic(phrase: phrases[2]), network: .main, title: String(repeating: "t", count: 300))
        #expect(throws: WalletHostError.invalidTitle) { try home.host.createOrImportWallet(long) }
        #expect(try home.vault.ids() == before)
    }
}
