import Foundation
import HFTestSupport
import Testing

/// Kills `hf-signer migrate dashsync` at random moments, many times: rerunning always finishes with every legacy
/// wallet present exactly once with its seed, and the legacy keychain unchanged.
@Suite struct MigrationCrashTests {
    @Test func killedMigrationsResumeWithNothingLostOrDuplicated() throws {
        guard let f = try LegacySignerFixture() else { return }
        let ids = ["a0", "a1", "a2", "a3", "b0", "b1"]
        for (index, id) in ids.enumerated() { try f.legacy.plantMnemonic(id, phrase: f.phrases[index]) }
        try f.legacy.plantList(LegacyKeychainFixture.mainnet, ["a0", "a1", "a2", "a3", "b1"])
        try f.legacy.plantList(LegacyKeychainFixture.testnet, ["b0", "b1"])
        let before = try f.legacy.snapshot()
        let arguments = [
            "--home", f.signer.home, "--passphrase-file", f.signer.passphraseFile, "migrate", "dashsync", "--keychain-dir",
            f.legacy.root, "--json",
        ]
        // When the imports happen in a run here: after the vault is opened (as long as a run with nothing to do),
        // before a full run ends. Kills are spread over that window.
        guard let probe = try LegacySignerFixture() else { return }
        for (index, id) in ids.enumerated() { try probe.legacy.plantMnemonic(id, phrase: probe.phrases[index]) }
        try probe.legacy.plantList(LegacyKeychainFixture.mainnet, ["a0", "a1", "a2", "a3", "b1"])
        try probe.legacy.plantList(LegacyKeychainFixture.testnet, ["b0", "b1"])
        var start = Date()
        _ = try probe.migrate()
        let full = Date().timeIntervalSince(start)
        start = Date()
        _ = try probe.migrate()
        let idle = Date().timeIntervalSince(start)
        let window = (UInt32(idle * 900_000), UInt32(max(full, idle + 0.05) * 1_100_000))
        var interrupted = 0
        var lastCount = 0
        for iteration in 0..<20 {
            let child = try f.signer.signer.start(arguments)
            usleep(UInt32.random(in: window.0...window.1))
            child.send(SIGKILL)
            _ = child.finish()
            if child.wasSignalled { interrupted += 1 }
            let (status, object) = try f.json(["migrate", "status"])
            #expect(status.exitCode == 0, "iteration \(iteration): \(status.stderr)")
            let count = object["migratedCount"] as? Int ?? -1
            #expect(count >= lastCount, "the ledger never shrinks")
            lastCount = count
            #expect(try f.legacy.snapshot() == before)
            if count == ids.count {
                // Done: start over with a fresh home so later kills land mid-migration again.
                try FileManager.default.removeItem(atPath: f.signer.home)
                #expect(try f.run(["init"]).exitCode == 0)
                lastCount = 0
            }
        }
        #expect(interrupted > 0, "at least one migration was killed")
        let (final, report) = try f.migrate()
        #expect(final.exitCode == 0, "\(final.stderr)")
        #expect(report["state"] as? String == "done")
        let main = try f.walletIDs("main")
        let test = try f.walletIDs("test")
        #expect(main.count == 5 && Set(main).count == 5)
        #expect(test.count == 2 && Set(test).count == 2)
        // Every wallet opens its keys from the vault (no seedless wallet).
        for (network, wallets) in [("main", main), ("test", test)] {
            for id in wallets {
                let opened = try f.run(["address", "list", "--wallet", id, "--count", "1"], network: network)
                #expect(opened.exitCode == 0, "\(opened.stderr)")
            }
        }
        #expect(try f.legacy.snapshot() == before)
        #expect(try f.json(["migrate", "status"]).1["migratedCount"] as? Int == 6)
    }
}
