import Foundation
import HFCrypto
import HFMigration
import HFPrimitives
import HFStore
import HFTestSupport
import HFWallet
import Testing

/// The host boundary, active wallets, recovery, mirrors, removal and wipes over a real store and vault.
@Suite struct LifecycleTests {
    typealias Fixture = LegacyKeychainFixture

    static func add(_ home: MigrationHome, _ phrase: String, _ network: Network, vault: (any KeyshareVault)? = nil) throws -> WalletRecord {
        let host = StoreWalletHost(database: home.database, vault: vault ?? home.vault)
        return try host.createOrImportWallet(WalletCreationRequest(mnemonic: Mnemonic(phrase: phrase), network: network)).record
    }

    @Test func theHostRefusesADuplicateAndAcceptsItWhenAsked() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        let record = try Self.add(home, phrases[0], .main)
        #expect(throws: WalletHostError.alreadyExists(record)) { try Self.add(home, phrases[0], .main) }
        let again = try home.host.createOrImportWallet(
            WalletCreationRequest(mnemonic: Mnemonic(phrase: phrases[0]), network: .main, existing: .accept))
        #expect(again == WalletCreation(record: record, created: false))
        let mismatched = try WalletCreationRequest(
            mnemonic: Mnemonic(phrase: phrases[1]), network: .main, expectedWalletID: record.walletID)
        #expect(throws: WalletHostError.self) { try home.host.createOrImportWallet(mismatched) }
        #expect(try home.wallets(.main).count == 1)
    }

    @Test func aRefusedVaultWriteCreatesNoWallet() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        let vault = FaultyVault(home.vault, fault: .refuseWrites)
        #expect(throws: WalletHostError.self) { try Self.add(home, phrases[0], .main, vault: vault) }
        #expect(try home.wallets(.main).isEmpty && home.vault.ids().isEmpty)
    }

    @Test func theActiveWalletFallsBackToTheDeterministicFirstAndPersistsIt() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        let registry = ActiveWalletRegistry(database: home.database)
        #expect(try registry.activeWalletID(for: .main) == nil)
        let records = try (0..<3).map { try Self.add(home, phrases[$0], .main) }
        #expect(try registry.activeWalletID(for: .main) == records[0].walletID)
        try registry.setActive(records[2].walletID, network: .main)
        // Remove the active wallet's row: the fallback picks the first by (created_at, wallet_id) and stores it.
        try home.database.transaction { () throws(DatabaseError) in try WalletRecords(database: home.database).remove(records[2].walletID) }
        let expected = [records[0], records[1]].sorted { ($0.createdAt, $0.walletID) < ($1.createdAt, $1.walletID) }[0]
        #expect(try registry.activeWalletID(for: .main) == expected.walletID)
        #expect(try WalletRecords(database: home.database).find(expected.walletID)?.isDefault == true)
    }

    @Test func recoverPersistedWalletRecreatesOnlyRowsOfTheRuntimeNetwork() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        let main = try Self.add(home, phrases[0], .main)
        let test = try Self.add(home, phrases[1], .test)
        // Rows lost, vault entries kept.
        try home.database.transaction { () throws(DatabaseError) in
            try home.database.execute("DELETE FROM address_indexes")
            try home.database.execute("DELETE FROM wallets")
        }
        // A stored ID that no seed derives on any network: rejected, never created.
        let bogus = String(repeating: "ab", count: 32)
        try home.vault.write(id: "wallet-" + bogus, data: WalletSecret(phrase: phrases[2], passphrase: "").encoded())
        let recording = RecordingHost(home.host)
        let recovery = PersistedWalletRecovery(database: home.database, vault: home.vault, host: recording)
        let outcome = try recovery.recoverPersistedWallets(network: .main)
        #expect(outcome.recovered == [main.walletID] && outcome.otherNetwork == 1 && outcome.rejected == 1)
        #expect(try home.wallets(.main).map(\.walletID) == [main.walletID])
        #expect(try home.wallets(.test).isEmpty)
        #expect(recording.requests.count == 1 && recording.requests[0].expectedWalletID == main.walletID)
        #expect(try recovery.recoverPersistedWallet(test.walletID, network: .main) == .otherNetwork)
        #expect(try recovery.recoverPersistedWallets(network: .test).recovered == [test.walletID])
        #expect(try home.wallets(.main).count == 1)
    }

    @Test func removalDeletesTheSeedOnEveryNetworkLiveLastAndOnlyItsLegacyAccounts() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        try home.legacy.plantMnemonic("a", phrase: phrases[0])
        try home.legacy.plantMnemonic("b", phrase: phrases[1])
        try home.legacy.plantList(Fixture.mainnet, ["a", "b"])
        try home.legacy.plantList(Fixture.testnet, ["a"])
        try home.legacy.plant("m/44'/5'/0'_a", [9])
        try home.migrate()
        let aID = try MigrationHome.walletID(phrases[0], .main)
        let a = try #require(try home.wallets(.main).first { $0.walletID == aID })
        let remover = WalletRemover(database: home.database, vault: home.vault, keychain: home.keychain)
        #expect(remover.plan(a, liveNetwork: .main) == .perWallet)
        let result = try remover.remove(a, liveNetwork: .main)
        #expect(result.walletIdsRemoved == [try MigrationHome.walletID(phrases[0], .test), a.walletID])
        #expect(result.legacyAccountsRemoved == 1)
        #expect(!home.legacy.exists("WALLET_MNEMONIC_KEY_a") && home.legacy.exists("WALLET_MNEMONIC_KEY_b"))
        #expect(home.legacy.exists("CHAIN_WALLETS_KEY_b67a40f") && home.legacy.exists("m/44'/5'/0'_a"))
        #expect(try home.wallets(.main).count == 1 && home.wallets(.test).isEmpty)
        #expect(try home.vault.ids() == ["wallet-" + MigrationHome.walletID(phrases[1], .main)])
        // The remaining wallet is the only one: removal is refused and points to wipe.
        let b = try home.wallets(.main)[0]
        #expect(remover.plan(b, liveNetwork: .main) == .routeToWipe)
        #expect(throws: WipeError.self) { try remover.remove(b, liveNetwork: .main) }
        #expect(try home.wallets(.main).count == 1)
    }

    @Test func theWipeClearsAppStateOnlyAfterTheVaultIsEmpty() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        _ = try Self.add(home, phrases[0], .main)
        _ = try Self.add(home, phrases[1], .test)
        let preferences = Preferences(database: home.database)
        try preferences.set("kept.setting", to: "x")
        try preferences.set("fee.main", to: "y")
        try home.flags.setDone()
        let failing = FaultyVault(home.vault, fault: .refuseDeletes)
        let failed = WalletWiper(database: home.database, vault: failing, keychain: nil, keptPreferences: ["kept.setting"])
        #expect(throws: WipeError.self) { try failed.wipe(.debugReset) }
        // Rows go first (committed), seeds after: the refused deletes leave both seeds queued, never a live wallet
        // without its seed; app state is kept for the retry.
        #expect(try home.vault.ids().count == 2 && home.wallets(.main).isEmpty && home.wallets(.test).isEmpty)
        #expect(try VaultDeletions(database: home.database).queued().count == 2)
        #expect(try preferences.value("fee.main") == "y" && home.flags.isDone())
        let wiper = WalletWiper(database: home.database, vault: home.vault, keychain: nil, keptPreferences: ["kept.setting"])
        let result = try wiper.wipe(.debugReset)
        #expect(result.walletsRemoved == 2)
        #expect(try VaultDeletions(database: home.database).queued().isEmpty)
        #expect(try home.vault.ids().isEmpty && home.wallets(.main).isEmpty && home.wallets(.test).isEmpty)
        #expect(try preferences.value("fee.main") == nil && preferences.value("kept.setting") == "x")
        #expect(try !home.flags.isDone())
        #expect(try ActiveWalletRegistry(database: home.database).activeWalletID(for: .main) == nil)
    }
}
