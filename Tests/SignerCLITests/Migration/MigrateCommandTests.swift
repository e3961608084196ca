import Foundation
import HFTestSupport
import Testing

/// `hf-signer migrate dashsync|status|forget` and the launch gate of wallet commands, against planted keychains.
@Suite struct MigrateCommandTests {
    typealias Fixture = LegacyKeychainFixture

    @Test func migrateDashSyncImportsAndRunsTwiceLeavingTheKeychainUnchanged() throws {
        guard let f = try LegacySignerFixture() else { return }
        for (index, id) in ["5f2a91c", "8e0b7d3", "c41d9aa", "0be57f1"].enumerated() { try f.legacy.plantMnemonic(id, phrase: f.phrases[index]) }
        try f.legacy.plantList(Fixture.mainnet, ["5f2a91c", "8e0b7d3"])
        try f.legacy.plantList(Fixture.testnet, ["c41d9aa"])
        try f.legacy.plant("m/44'/5'/0'_5f2a91c", [7, 7])
        let before = try f.legacy.snapshot()
        let (status, pending) = try f.json(["migrate", "status", "--keychain-dir", f.legacy.root])
        #expect(status.exitCode == 0)
        #expect(pending["launchState"] as? String == "pending" && pending["done"] as? Bool == false)
        let (first, report) = try f.migrate()
        #expect(first.exitCode == 0, "\(first.stderr)")
        #expect(report as NSDictionary == [
            "state": "done", "migrated": 3, "alreadyMigrated": 0, "orphaned": 1, "unknownChain": 0, "undetermined": 0,
            "failed": 0,
        ] as NSDictionary)
        #expect(JSONTypes.mismatches(report, [
            "state": .string, "migrated": .number, "alreadyMigrated": .number, "orphaned": .number,
            "unknownChain": .number, "undetermined": .number, "failed": .number,
        ]).isEmpty)
        let (second, again) = try f.migrate()
        #expect(second.exitCode == 0)
        #expect(again["state"] as? String == "done" && again["migrated"] as? Int == 0)
        #expect(try f.walletIDs("main").count == 2 && f.walletIDs("test").count == 1)
        #expect(try f.legacy.snapshot() == before)
        let (_, done) = try f.json(["migrate", "status"])
        #expect(done as NSDictionary == [
            "launchState": "absent", "done": true, "deferredUnknownChain": false, "deferredFailure": false,
            "migratedCount": 3,
        ] as NSDictionary)
        let lines = f.log.split(separator: "\n").filter { $0.contains("migration.dashsync") }
        #expect(lines.count == 1)
        #expect(lines.first?.hasSuffix("state=done migrated=3 alreadyMigrated=0 orphaned=1 unknownChain=0 undetermined=0 failed=0") == true)
        for id in ["5f2a91c", "8e0b7d3", "c41d9aa", "0be57f1", "WALLET"] { #expect(!f.log.contains(id)) }
    }

    @Test func anUnsupportedChainDefersWithExit75AndWalletCommandsRefuse() throws {
        guard let f = try LegacySignerFixture() else { return }
        try f.legacy.plantMnemonic("dev", phrase: f.phrases[0])
        try f.legacy.plantList(Fixture.devnet, ["dev"])
        let (run, report) = try f.migrate()
        #expect(run.exitCode == 75)
        #expect(report["state"] as? String == "incomplete" && report["unknownChain"] as? Int == 1)
        let list = try f.run(["wallet", "list"])
        #expect(list.exitCode == 75 && list.stderr.contains("unsupported chain"), "\(list.stderr)")
        let phrase = try f.secretFile("phrase", f.phrases[3])
        let imported = try f.run(["wallet", "import", "--mnemonic-file", phrase])
        #expect(imported.exitCode == 75 && imported.stderr.contains("unsupported chain"), "\(imported.stderr)")
        let (_, status) = try f.json(["migrate", "status"])
        #expect(status["launchState"] as? String == "pending" && status["deferredUnknownChain"] as? Bool == true)
        #expect(try f.run(["migrate", "forget"]).exitCode == 0)
        #expect(try f.run(["wallet", "list"]).exitCode == 0)
    }

    @Test func anUnreadableKeychainFailsClosed() throws {
        guard let f = try LegacySignerFixture() else { return }
        try f.legacy.plantMnemonic("x", phrase: f.phrases[0])
        try f.legacy.plantDanglingList(Fixture.mainnet)
        let (run, report) = try f.migrate()
        #expect(run.exitCode == 75 && report["undetermined"] as? Int == 1)
        let list = try f.run(["wallet", "list"])
        #expect(list.exitCode == 75 && list.stderr.contains("cannot be read"), "\(list.stderr)")
        let (_, status) = try f.json(["migrate", "status"])
        #expect(status["launchState"] as? String == "unreadable" && status["deferredFailure"] as? Bool == true)
        let missing = try f.json(["migrate", "status", "--keychain-dir", f.legacy.root + "/nope"])
        #expect(missing.1["launchState"] as? String == "unreadable")
    }

    @Test func walletCommandsRunTheMigratorFirst() throws {
        guard let f = try LegacySignerFixture() else { return }
        try f.legacy.plantMnemonic("a", phrase: f.phrases[0])
        try f.legacy.plantMnemonic("b", phrase: "abandon abandon abandon")
        try f.legacy.plantList(Fixture.mainnet, ["a", "b"])
        let (run, report) = try f.migrate()
        #expect(run.exitCode == 75 && report["migrated"] as? Int == 1 && report["failed"] as? Int == 1)
        // Fix the legacy item; the next wallet command (with the passphrase) migrates it before it runs.
        try f.legacy.plantMnemonic("b", phrase: f.phrases[1])
        let phrase = try f.secretFile("phrase", f.phrases[2])
        let imported = try f.run(["wallet", "import", "--mnemonic-file", phrase])
        #expect(imported.exitCode == 0, "\(imported.stderr)")
        #expect(try f.walletIDs().count == 3)
        let (_, status) = try f.json(["migrate", "status"])
        #expect(status["done"] as? Bool == true && status["migratedCount"] as? Int == 2)
    }
}
