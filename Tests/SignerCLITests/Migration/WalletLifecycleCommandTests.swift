import Foundation
import HFTestSupport
import Testing

/// `wallet default` per network, `wallet remove`, and `wipe` with each authorization, through the built signer.
@Suite struct WalletLifecycleCommandTests {
    typealias Fixture = LegacyKeychainFixture

    func importPhrase(_ f: LegacySignerFixture, _ index: Int, network: String = "main") throws -> String {
        let file = try f.secretFile("phrase-\(index)-\(network)", f.phrases[index])
        let (result, object) = try f.json(["wallet", "import", "--mnemonic-file", file], network: network)
        #expect(result.exitCode == 0, "\(result.stderr)")
        return object["walletId"] as? String ?? ""
    }

    @Test func walletDefaultIsPerNetwork() throws {
        guard let f = try LegacySignerFixture() else { return }
        let main1 = try importPhrase(f, 0)
        let main2 = try importPhrase(f, 1)
        let test1 = try importPhrase(f, 2, network: "test")
        let test2 = try importPhrase(f, 3, network: "test")
        #expect(try f.json(["wallet", "default"]).1["walletId"] as? String == main1)
        #expect(try f.run(["wallet", "default", main2]).exitCode == 0)
        #expect(try f.run(["wallet", "default", "--wallet", test2], network: "test").exitCode == 0)
        #expect(try f.json(["wallet", "default"]).1["walletId"] as? String == main2)
        #expect(try f.json(["wallet", "default"], network: "test").1["walletId"] as? String == test2)
        #expect(try f.run(["wallet", "default", test1], network: "main").exitCode != 0)
    }

    @Test func walletRemoveKeepsAWalletAndDeletesOnlyItsLegacyAccount() throws {
        guard let f = try LegacySignerFixture() else { return }
        try f.legacy.plantMnemonic("aa11", phrase: f.phrases[0])
        try f.legacy.plantMnemonic("bb22", phrase: f.phrases[1])
        try f.legacy.plantList(Fixture.mainnet, ["aa11", "bb22"])
        #expect(try f.migrate().0.exitCode == 0)
        let ids = try f.walletIDs()
        #expect(ids.count == 2)
        let first = ids[0]
        let removed = try f.json(["wallet", "remove", String(first.prefix(12))])
        #expect(removed.0.exitCode == 0, "\(removed.0.stderr)")
        #expect((removed.1["walletIdsRemoved"] as? [String])?.last == first)
        #expect(removed.1["legacyAccountsRemoved"] as? Int == 1)
        #expect(try f.walletIDs() == [ids[1]])
        #expect(try f.json(["wallet", "show"]).1["isDefault"] as? Bool == true)
        #expect(f.legacy.exists("CHAIN_WALLETS_KEY_b67a40f"))
        #expect([f.legacy.exists("WALLET_MNEMONIC_KEY_aa11"), f.legacy.exists("WALLET_MNEMONIC_KEY_bb22")].filter { $0 }.count == 1)
        // The only wallet left: refused with a pointer to wipe, nothing deleted.
        let sole = try f.run(["wallet", "remove", ids[1]])
        #expect(sole.exitCode == 77 && sole.stderr.contains("wipe"), "\(sole.stderr)")
        #expect(try f.walletIDs() == [ids[1]])
    }

    @Test func wipeRecoveryIsSetWide() throws {
        guard let f = try LegacySignerFixture() else { return }
        _ = try importPhrase(f, 0)
        _ = try importPhrase(f, 1)
        let partial = try f.run(["wipe", "--reason", "recovery", "--phrase-file", try f.secretFile("p0", f.phrases[0])])
        #expect(partial.exitCode == 77 && partial.stderr.contains("some but not all"), "\(partial.stderr)")
        let wrong = try f.run(["wipe", "--reason", "recovery", "--phrase-file", try f.secretFile("p5", f.phrases[5])])
        #expect(wrong.exitCode == 77 && wrong.stderr.contains("does not match"))
        #expect(try f.walletIDs().count == 2)
        #expect(try f.run(["wipe", "--reason", "recovery"]).exitCode == 64)
        #expect(try f.run(["wipe", "--reason", "delete-all"]).exitCode == 64)
        #expect(try f.run(["wipe", "--reason", "everything"]).exitCode == 64)
        #expect(try f.run(["wipe", "--reason", "zero-balance", "--confirm"]).exitCode == 64)
        #expect(try f.run(["wipe", "--reason", "delete-all", "--confirm", "--phrase-file", try f.secretFile("x", f.phrases[0])]).exitCode == 64)
        #expect(try f.walletIDs().count == 2)
        // One seed on both networks: its phrase authorizes.
        guard let single = try LegacySignerFixture() else { return }
        _ = try importPhrase(single, 0)
        _ = try importPhrase(single, 0, network: "test")
        let wiped = try single.json(["wipe", "--reason", "recovery", "--phrase-file", try single.secretFile("p", single.phrases[0])])
        #expect(wiped.0.exitCode == 0, "\(wiped.0.stderr)")
        #expect(wiped.1["walletsRemoved"] as? Int == 2)
        #expect(try single.walletIDs("main").isEmpty && single.walletIDs("test").isEmpty)
    }

    @Test func wipeZeroBalanceNeedsOneWalletOnMainnet() throws {
        guard let f = try LegacySignerFixture() else { return }
        _ = try importPhrase(f, 0)
        let onTest = try f.run(["wipe", "--reason", "zero-balance"], network: "test")
        #expect(onTest.exitCode == 77 && onTest.stderr.contains("mainnet"), "\(onTest.stderr)")
        _ = try importPhrase(f, 1, network: "test")
        let twoIDs = try f.run(["wipe", "--reason", "zero-balance"])
        #expect(twoIDs.exitCode == 77 && twoIDs.stderr.contains("exactly one"), "\(twoIDs.stderr)")
        guard let other = try LegacySignerFixture() else { return }
        _ = try importPhrase(other, 0)
        let wiped = try other.run(["wipe", "--reason", "zero-balance"])
        #expect(wiped.exitCode == 0, "\(wiped.stderr)")
        #expect(try other.walletIDs().isEmpty)
    }

    @Test func wipeDeleteAllRemovesEveryLegacyMnemonicAndDebugResetKeepsThem() throws {
        guard let f = try LegacySignerFixture() else { return }
        try f.legacy.plantMnemonic("aa11", phrase: f.phrases[0])
        try f.legacy.plantMnemonic("0rph", phrase: f.phrases[1])
        try f.legacy.plantList(Fixture.mainnet, ["aa11"])
        try f.legacy.plant("m/0_aa11", [1])
        #expect(try f.migrate().0.exitCode == 0)
        let before = try f.legacy.snapshot()
        let debug = try f.json(["wipe", "--reason", "debug-reset"])
        #expect(debug.0.exitCode == 0 && debug.1["legacyAccountsRemoved"] as? Int == 0)
        #expect(try f.legacy.snapshot() == before)
        // The preference reset kept the keychain setting and cleared the flags: the next run migrates again.
        #expect(try f.migrate().1["migrated"] as? Int == 1)
        let all = try f.json(["wipe", "--reason", "delete-all", "--confirm"])
        #expect(all.0.exitCode == 0 && all.1["legacyAccountsRemoved"] as? Int == 2, "\(all.0.stderr)")
        #expect(try f.legacy.snapshot() == before.filter { !$0.contains("WALLET_MNEMONIC_KEY_") })
        #expect(FileManager.default.fileExists(atPath: f.legacy.serviceDirectory))
        #expect(try f.walletIDs().isEmpty)
        #expect(try f.json(["migrate", "status"]).1["launchState"] as? String == "absent")
    }

    @Test func wipeWithAFileVaultEmptiesThatVaultAndKeepsItActive() throws {
        guard let f = try LegacySignerFixture() else { return }
        _ = try importPhrase(f, 0)
        let moved = try f.run(["vault", "migrate", "--to", "file", "--confirm-unencrypted"])
        #expect(moved.exitCode == 0, "\(moved.stderr)")
        let wiped = try f.json(["wipe", "--reason", "delete-all", "--confirm"])
        #expect(wiped.0.exitCode == 0 && wiped.1["walletsRemoved"] as? Int == 1, "\(wiped.0.stderr)")
        let list = try f.json(["vault", "list"])
        #expect(list.1["kind"] as? String == "file", "the app-state reset must not switch the active vault")
        #expect((list.1["ids"] as? [String])?.contains { $0.hasPrefix("wallet-") } == false)
        // The home is usable again, on the same vault.
        let file = try f.secretFile("fresh", f.phrases[4])
        #expect(try f.run(["wallet", "import", "--mnemonic-file", file]).exitCode == 0)
        #expect(try f.json(["vault", "verify"]).1["ok"] as? Bool == true)
    }
}

/// The last test-list line of docs/requirements/legacy-migration.md, as this toolkit's counterpart: the signer builds (this suite runs the built
/// binary) and the upgrade, multi-wallet and wipe smokes pass end to end.
@Suite struct SeedContractSmokeTests {
    @Test("both app schemes build and upgrade/multi-wallet/wipe runtime smokes pass")
    func upgradeMultiWalletAndWipeSmokesPass() throws {
        guard let f = try LegacySignerFixture() else { return }
        // Upgrade: a DashSync keychain with wallets on both networks.
        try f.legacy.plantMnemonic("aa", phrase: f.phrases[0])
        try f.legacy.plantMnemonic("bb", phrase: f.phrases[1])
        try f.legacy.plantMnemonic("cc", phrase: f.phrases[2])
        try f.legacy.plantList(LegacyKeychainFixture.mainnet, ["aa", "bb"])
        try f.legacy.plantList(LegacyKeychainFixture.testnet, ["cc"])
        #expect(try f.migrate().1["state"] as? String == "done")
        // Multi-wallet: per-network active wallets, wallet-scoped commands use them.
        let main = try f.walletIDs("main")
        #expect(main.count == 2)
        #expect(try f.run(["wallet", "default", main[1]]).exitCode == 0)
        let address = try f.run(["address", "next", "--json"])
        #expect(address.exitCode == 0, "\(address.stderr)")
        #expect(try f.json(["wallet", "default"], network: "test").1["walletId"] as? String == f.walletIDs("test").first)
        // Wipe: the confirmed Delete All leaves nothing and the home is usable again.
        #expect(try f.run(["wipe", "--reason", "delete-all", "--confirm"]).exitCode == 0)
        #expect(try f.walletIDs("main").isEmpty && f.walletIDs("test").isEmpty)
        let file = try f.secretFile("fresh", f.phrases[4])
        #expect(try f.run(["wallet", "import", "--mnemonic-file", file]).exitCode == 0)
    }
}
