import Foundation
import HFCrypto
import HFMigration
import HFPrimitives
import HFStore
import HFTestSupport
import HFWallet
import Testing

/// The test list of docs/requirements/legacy-migration.md, one named test per line (the last line, "both app schemes build and upgrade/multi-wallet/
/// wipe runtime smokes pass", is `SeedContractSmokeTests` in SignerCLITests, against the built `hf-signer`).
@Suite struct SeedContractTests {
    typealias Fixture = LegacyKeychainFixture

    @Test("one and multiple DashSync wallets import without selecting the wrong active wallet")
    func oneAndMultipleWalletsImportWithoutSelectingTheWrongActiveWallet() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        // One wallet: it becomes the active wallet of its network.
        let single = try MigrationHome()
        try single.legacy.plantMnemonic("only", phrase: phrases[0])
        try single.legacy.plantList(Fixture.mainnet, ["only"])
        try single.migrate()
        let registry = ActiveWalletRegistry(database: single.database)
        #expect(try registry.activeWalletID(for: .main) == MigrationHome.walletID(phrases[0], .main))
        // Several wallets into a home whose user already chose an active wallet: the choice is kept.
        let home = try MigrationHome()
        let chosen = try LifecycleTests.add(home, phrases[5], .main)
        _ = try LifecycleTests.add(home, phrases[6], .main)
        try ActiveWalletRegistry(database: home.database).setActive(chosen.walletID, network: .main)
        for index in 0..<3 { try home.legacy.plantMnemonic("w\(index)", phrase: phrases[index]) }
        try home.legacy.plantList(Fixture.mainnet, ["w0", "w1", "w2"])
        #expect(try home.migrate().migrated == 3)
        #expect(try ActiveWalletRegistry(database: home.database).activeWalletID(for: .main) == chosen.walletID)
        #expect(try home.wallets(.main).filter(\.isDefault).map(\.walletID) == [chosen.walletID])
    }

    @Test("a partial failure resumes without duplicating successful wallets")
    func aPartialFailureResumesWithoutDuplicatingSuccessfulWallets() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        for index in 0..<4 { try home.legacy.plantMnemonic("w\(index)", phrase: phrases[index]) }
        try home.legacy.plantMnemonic("w4", phrase: "not a phrase")
        try home.legacy.plantList(Fixture.mainnet, ["w0", "w1", "w4"])
        try home.legacy.plantList(Fixture.testnet, ["w2", "w3"])
        let failing = FailingHost(home.host, failing: [.test])
        let first = try home.migrate(host: failing)
        #expect(first.state == .incomplete && first.migrated == 2 && first.failed == 3)
        try home.legacy.plantMnemonic("w4", phrase: phrases[4])
        let recording = RecordingHost(home.host)
        let second = try home.migrate(host: recording)
        #expect(second.state == .done && second.migrated == 3 && second.alreadyMigrated == 2)
        #expect(recording.requests.count == 3)  // successful wallets are not imported again
        #expect(try home.wallets(.main).count == 3 && home.wallets(.test).count == 2)
        #expect(try Set(home.wallets(.main).map(\.walletID)).count == 3)
        #expect(try home.vault.ids().count == 5)
    }

    @Test("a mnemonic orphaned by a DashSync Reset neither holds the launch nor blocks the done sentinel, and stays in the keychain")
    func anOrphanedMnemonicNeitherHoldsTheLaunchNorBlocksDoneAndStays() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        try home.legacy.plantMnemonic("reset", phrase: phrases[0])
        try home.legacy.plantMnemonic("live", phrase: phrases[1])
        try home.legacy.plantList(Fixture.mainnet, ["live"])  // Reset rewrote the list without "reset"
        try home.legacy.plantList(Fixture.testnet, [])
        let before = try home.legacy.snapshot()
        #expect(home.launchState == .pending)
        let report = try home.migrate()
        #expect(report.state == .done && report.orphaned == 1 && report.migrated == 1)
        #expect(home.launchState == .absent)
        #expect(home.legacy.exists("WALLET_MNEMONIC_KEY_reset"))
        #expect(try home.legacy.snapshot() == before)
        #expect(try !home.flags.ledger().contains("reset"))
        // Only orphans: absent before any run.
        let orphansOnly = try MigrationHome()
        try orphansOnly.legacy.plantMnemonic("reset", phrase: phrases[0])
        try orphansOnly.legacy.plantList(Fixture.mainnet, [])
        #expect(orphansOnly.launchState == .absent)
    }

    @Test("an unreadable or undecodable chain list never makes a mnemonic orphaned, yet does not stop a wallet that a readable mainnet or testnet list names from migrating")
    func anUnreadableListNeverOrphansYetDoesNotStopListedWallets() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        for damage in ["dangling", "undecodable", "truncated"] {
            let home = try MigrationHome()
            try home.legacy.plantMnemonic("named", phrase: phrases[0])
            try home.legacy.plantMnemonic("unnamed", phrase: phrases[1])
            try home.legacy.plantList(Fixture.testnet, ["named"])
            switch damage {
            case "dangling": try home.legacy.plantDanglingList(Fixture.mainnet)
            case "undecodable": try home.legacy.plant("CHAIN_WALLETS_KEY_" + Fixture.mainnet, Array("{}".utf8))
            default:
                try home.legacy.plant(
                    "CHAIN_WALLETS_KEY_" + Fixture.mainnet,
                    Array(TestPropertyList.keyedArchive(strings: ["unnamed"]).binary().dropLast(3)))
            }
            let report = try home.migrate()
            #expect(report.orphaned == 0 && report.undetermined == 1 && report.migrated == 1, "\(damage)")
            #expect(try home.wallets(.test).map(\.walletID) == [MigrationHome.walletID(phrases[0], .test)])
            #expect(try !home.flags.isDone() && home.flags.isSet(MigrationKeys.deferredFailure))
            #expect(home.launchState == .unreadable)
        }
    }

    @Test("a mnemonic that only an unreadable list could name, a keychain without any chain list, and an unsupported chain all keep the launch hold (fail closed)")
    func undeterminedNoListAndUnsupportedChainKeepTheLaunchHold() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let undetermined = try MigrationHome()
        try undetermined.legacy.plantMnemonic("x", phrase: phrases[0])
        try undetermined.legacy.plantDanglingList(Fixture.mainnet)
        let noList = try MigrationHome()
        try noList.legacy.plantMnemonic("x", phrase: phrases[0])
        let devnet = try MigrationHome()
        try devnet.legacy.plantMnemonic("x", phrase: phrases[0])
        try devnet.legacy.plantList(Fixture.devnet, ["x"])
        for (home, state) in [(undetermined, LegacyWalletMaterialState.unreadable), (noList, .pending), (devnet, .pending)] {
            for _ in 0..<2 {
                let report = try home.migrate()
                #expect(report.state == .incomplete && report.migrated == 0)
                #expect(home.launchState == state)
                #expect(try !home.flags.isDone())
            }
            #expect(try home.wallets(.main).isEmpty && home.wallets(.test).isEmpty)
        }
        #expect(try noList.flags.isSet(MigrationKeys.deferredUnknownChain))
        #expect(try devnet.flags.isSet(MigrationKeys.deferredUnknownChain))
        #expect(try undetermined.flags.isSet(MigrationKeys.deferredFailure))
    }

    @Test("mainnet and testnet retain separate active-wallet choices")
    func mainnetAndTestnetRetainSeparateActiveWalletChoices() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        let main = try (0..<2).map { try LifecycleTests.add(home, phrases[$0], .main) }
        let test = try (2..<4).map { try LifecycleTests.add(home, phrases[$0], .test) }
        let registry = ActiveWalletRegistry(database: home.database)
        try registry.setActive(main[1].walletID, network: .main)
        try registry.setActive(test[0].walletID, network: .test)
        #expect(try registry.activeWalletID(for: .main) == main[1].walletID)
        #expect(try registry.activeWalletID(for: .test) == test[0].walletID)
        try registry.setActive(test[1].walletID, network: .test)
        #expect(try registry.activeWalletID(for: .main) == main[1].walletID)
        #expect(try registry.activeWalletID(for: .test) == test[1].walletID)
    }

    @Test("create/import/recovery use the same host boundary")
    func createImportAndRecoveryUseTheSameHostBoundary() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        let recording = RecordingHost(home.host)
        // Import (the migrator's path).
        try home.legacy.plantMnemonic("w", phrase: phrases[0])
        try home.legacy.plantList(Fixture.mainnet, ["w"])
        try home.migrate(host: recording)
        // Create (the signer's `wallet create`/`import` call the same StoreWalletHost through SignerWallets.add).
        _ = try recording.createOrImportWallet(WalletCreationRequest(mnemonic: Mnemonic(phrase: phrases[1]), network: .main))
        // Recovery.
        let lost = try MigrationHome.walletID(phrases[1], .main)
        try home.database.transaction { () throws(DatabaseError) in try WalletRecords(database: home.database).remove(lost) }
        try home.database.execute("DELETE FROM wallet_removals")
        let outcome = try PersistedWalletRecovery(database: home.database, vault: home.vault, host: recording)
            .recoverPersistedWallets(network: .main)
        #expect(outcome.recovered == [lost])
        // Mirror.
        _ = try NetworkMirror(database: home.database, vault: home.vault, host: recording).mirrorActiveWallet(from: .main, to: .test)
        #expect(recording.requests.count == 4)
        #expect(try home.wallets(.main).count == 2 && home.wallets(.test).count == 1)
    }

    @Test("create/import persist and verify the mnemonic before the wallet becomes live")
    func createAndImportPersistAndVerifyTheMnemonicFirst() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        let corrupting = FaultyVault(home.vault, fault: .corruptReads)
        let host = StoreWalletHost(database: home.database, vault: corrupting)
        #expect(throws: WalletHostError.verificationFailed) {
            try host.createOrImportWallet(WalletCreationRequest(mnemonic: Mnemonic(phrase: phrases[0]), network: .main))
        }
        #expect(try home.wallets(.main).isEmpty && home.vault.ids().isEmpty)
        let record = try LifecycleTests.add(home, phrases[0], .main)
        let stored = try #require(VaultWalletEntry.read(record.walletID, from: home.vault))
        #expect(stored.mnemonic == (try Mnemonic(phrase: phrases[0])))
    }

    @Test("network switch mirrors only the active wallet while the legacy shim exists")
    func networkSwitchMirrorsOnlyTheActiveWallet() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        for index in 0..<3 { try home.legacy.plantMnemonic("w\(index)", phrase: phrases[index]) }
        try home.legacy.plantList(Fixture.mainnet, ["w0", "w1", "w2"])
        try home.migrate()
        let registry = ActiveWalletRegistry(database: home.database)
        let target = try MigrationHome.walletID(phrases[2], .main)
        try registry.setActive(target, network: .main)
        let mirrored = try NetworkMirror(database: home.database, vault: home.vault, host: home.host)
            .mirrorActiveWallet(from: .main, to: .test)
        #expect(mirrored?.walletID == (try MigrationHome.walletID(phrases[2], .test)))
        #expect(try home.wallets(.test).map(\.walletID) == [try MigrationHome.walletID(phrases[2], .test)])
    }

    @Test("a hidden or unrestorable second wallet cannot make a row-level Remove route into the global wipe")
    func aHiddenOrUnrestorableSecondWalletCannotRouteRemoveIntoTheWipe() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        // Hidden: a second seed in the vault without a row.
        let hidden = try MigrationHome()
        let target = try LifecycleTests.add(hidden, phrases[0], .main)
        let other = try MigrationHome.walletID(phrases[1], .main)
        try hidden.vault.write(id: "wallet-" + other, data: WalletSecret(phrase: phrases[1], passphrase: "").encoded())
        var remover = WalletRemover(database: hidden.database, vault: hidden.vault, keychain: nil)
        guard case .refused = remover.plan(target, liveNetwork: .main) else {
            Issue.record("a hidden second wallet routed into the wipe")
            return
        }
        #expect(throws: WipeError.self) { try remover.remove(target, liveNetwork: .main) }
        #expect(try hidden.vault.ids().count == 2 && hidden.wallets(.main).count == 1)
        // Unrestorable: a legacy mnemonic that cannot be read, and a damaged vault item.
        let unreadable = try MigrationHome()
        let sole = try LifecycleTests.add(unreadable, phrases[0], .main)
        try FileManager.default.createDirectory(
            atPath: unreadable.legacy.path("WALLET_MNEMONIC_KEY_broken"), withIntermediateDirectories: false)
        remover = WalletRemover(database: unreadable.database, vault: unreadable.vault, keychain: unreadable.keychain)
        guard case .refused = remover.plan(sole, liveNetwork: .main) else {
            Issue.record("an unreadable legacy wallet routed into the wipe")
            return
        }
        let damaged = try MigrationHome()
        let only = try LifecycleTests.add(damaged, phrases[0], .main)
        try damaged.database.execute("INSERT INTO vault_items (id, item) VALUES ('wallet-\(other)', x'00')")
        remover = WalletRemover(database: damaged.database, vault: damaged.vault, keychain: nil)
        guard case .refused = remover.plan(only, liveNetwork: .main) else {
            Issue.record("a damaged vault item routed into the wipe")
            return
        }
        // The same seed on both networks, nothing else stored: the only route is the global wipe.
        let mirrored = try MigrationHome()
        let mainWallet = try LifecycleTests.add(mirrored, phrases[0], .main)
        _ = try LifecycleTests.add(mirrored, phrases[0], .test)
        remover = WalletRemover(database: mirrored.database, vault: mirrored.vault, keychain: nil)
        #expect(remover.plan(mainWallet, liveNetwork: .main) == .routeToWipe)
    }

    @Test("one wallet's recovery phrase cannot authorize a global wipe while a distinct wallet is stored, and active-network zero balance cannot authorize one while any additional wallet ID is stored or while the active network is testnet")
    func recoveryPhraseAndZeroBalanceAuthorizationRules() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        _ = try LifecycleTests.add(home, phrases[0], .main)
        let wiper = WalletWiper(database: home.database, vault: home.vault, keychain: home.keychain)
        // One stored wallet: zero balance on mainnet authorizes; on testnet or with a balance it does not.
        let one = StoredMnemonics(vault: home.vault, keychain: home.keychain)
        #expect(WipeAuthorization.decide(.zeroBalance(activeNetwork: .main, confirmedBalance: 0), stored: one) == .authorized(legacyAccounts: []))
        guard case .denied = WipeAuthorization.decide(.zeroBalance(activeNetwork: .test, confirmedBalance: 0), stored: one) else {
            Issue.record("testnet zero balance authorized a wipe")
            return
        }
        guard case .denied = WipeAuthorization.decide(.zeroBalance(activeNetwork: .main, confirmedBalance: 1), stored: one) else {
            Issue.record("a non-zero balance authorized a wipe")
            return
        }
        // The same seed on testnet is an additional stored wallet ID: zero balance no longer authorizes.
        _ = try LifecycleTests.add(home, phrases[0], .test)
        let mirrored = StoredMnemonics(vault: home.vault, keychain: home.keychain)
        guard case .denied = WipeAuthorization.decide(.zeroBalance(activeNetwork: .main, confirmedBalance: 0), stored: mirrored) else {
            Issue.record("zero balance authorized a wipe with two stored wallet IDs")
            return
        }
        // Several network-scoped IDs of one phrase are fine for the recovery phrase.
        #expect(WipeAuthorization.decide(.recoveryFlow(try Mnemonic(phrase: phrases[0])), stored: mirrored) == .authorized(legacyAccounts: []))
        // A distinct wallet (here a legacy one) is stored: the first phrase no longer authorizes, and says why.
        try home.legacy.plantMnemonic("other", phrase: phrases[1])
        let distinct = StoredMnemonics(vault: home.vault, keychain: home.keychain)
        guard case .denied(let why) = WipeAuthorization.decide(.recoveryFlow(try Mnemonic(phrase: phrases[0])), stored: distinct) else {
            Issue.record("one wallet's phrase authorized a wipe while a distinct wallet is stored")
            return
        }
        #expect(why.contains("some but not all"))
        // Forgot-PIN style ownership stays non-destructive and accepts any one stored phrase.
        #expect(WipeAuthorization.provesOwnership(try Mnemonic(phrase: phrases[1]), stored: distinct))
        #expect(!WipeAuthorization.provesOwnership(try Mnemonic(phrase: phrases[7]), stored: distinct))
        guard case .denied(let mismatch) = WipeAuthorization.decide(.recoveryFlow(try Mnemonic(phrase: phrases[2])), stored: distinct) else {
            Issue.record("an unrelated phrase authorized a wipe")
            return
        }
        #expect(mismatch.contains("does not match"))
        #expect(throws: WipeError.self) { try wiper.wipe(.recoveryFlow(try Mnemonic(phrase: phrases[0]))) }
        #expect(try home.vault.ids().count == 2 && home.legacy.exists("WALLET_MNEMONIC_KEY_other"))
        // Any unreadable entry denies outright, even for a phrase that matches everything readable.
        try home.legacy.remove("WALLET_MNEMONIC_KEY_other")
        try FileManager.default.createDirectory(atPath: home.legacy.path("WALLET_MNEMONIC_KEY_bad"), withIntermediateDirectories: false)
        let partial = StoredMnemonics(vault: home.vault, keychain: home.keychain)
        guard case .denied = WipeAuthorization.decide(.recoveryFlow(try Mnemonic(phrase: phrases[0])), stored: partial) else {
            Issue.record("a partially readable keychain authorized a wipe")
            return
        }
    }

    @Test("a successful wipe deletes all SDK-owned mnemonic/managed-wallet/active-wallet state, while a failed wipe reports failure without an app-side seed deletion")
    func aSuccessfulWipeDeletesEverythingAndAFailedOneDeletesNoSeed() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        try home.legacy.plantMnemonic("a", phrase: phrases[0])
        try home.legacy.plantMnemonic("b", phrase: phrases[1])
        try home.legacy.plantList(Fixture.mainnet, ["a", "b"])
        try home.migrate()
        // A legacy item that cannot be deleted (a directory) makes the legacy cleanup fail: nothing else goes.
        try FileManager.default.createDirectory(atPath: home.legacy.path("WALLET_MNEMONIC_KEY_dir"), withIntermediateDirectories: false)
        let wiper = WalletWiper(database: home.database, vault: home.vault, keychain: home.keychain)
        #expect(throws: WipeError.self) { try wiper.wipe(.confirmedDeleteAll) }
        #expect(try home.vault.ids().count == 2 && home.wallets(.main).count == 2 && home.flags.isDone())
        try home.legacy.remove("WALLET_MNEMONIC_KEY_dir")
        let result = try wiper.wipe(.confirmedDeleteAll)
        #expect(result.walletsRemoved == 2)
        #expect(try home.vault.ids().isEmpty && home.wallets(.main).isEmpty)
        #expect(try ActiveWalletRegistry(database: home.database).activeWalletID(for: .main) == nil)
        #expect(try !home.flags.isDone() && home.flags.ledger().isEmpty)
    }

    @Test("normal migration never deletes legacy entries; explicit production Remove and Delete All delete only the intended legacy mnemonic accounts")
    func normalMigrationNeverDeletesAndRemoveAndDeleteAllDeleteOnlyTheirAccounts() throws {
        guard let phrases = try MigrationHome.phrases() else { return }
        let home = try MigrationHome()
        for index in 0..<3 { try home.legacy.plantMnemonic("w\(index)", phrase: phrases[index]) }
        try home.legacy.plantMnemonic("orphan", phrase: phrases[3])
        try home.legacy.plantList(Fixture.mainnet, ["w0", "w1"])
        try home.legacy.plantList(Fixture.testnet, ["w2"])
        try home.legacy.plant("m/44'/5'/0'_w0", [1, 2, 3])
        try home.legacy.plant("DASH_PIN", Array("1234".utf8))
        let before = try home.legacy.snapshot()
        let hash = Hash.sha256(Array(before.joined(separator: "\n").utf8))
        try home.migrate()
        try home.migrate()
        #expect(Hash.sha256(Array(try home.legacy.snapshot().joined(separator: "\n").utf8)) == hash)
        // Remove w0: only its mnemonic account goes.
        let w0 = try #require(try home.wallets(.main).first { try $0.walletID == MigrationHome.walletID(phrases[0], .main) })
        _ = try WalletRemover(database: home.database, vault: home.vault, keychain: home.keychain).remove(w0, liveNetwork: .main)
        var expected = before.filter { !$0.hasPrefix(Fixture.service + "/WALLET_MNEMONIC_KEY_w0 ") }
        #expect(try home.legacy.snapshot() == expected)
        // Delete All: every mnemonic account, the orphan too; lists, the key cache, the PIN and the service stay.
        _ = try WalletWiper(database: home.database, vault: home.vault, keychain: home.keychain).wipe(.confirmedDeleteAll)
        expected = expected.filter { !$0.hasPrefix(Fixture.service + "/WALLET_MNEMONIC_KEY_") }
        #expect(try home.legacy.snapshot() == expected)
        #expect(expected.contains { $0.hasPrefix(Fixture.service + " dir") })
        #expect(expected.count == 5)
    }
}
