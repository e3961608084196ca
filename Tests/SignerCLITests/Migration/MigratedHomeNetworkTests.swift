import Foundation
import HFTestSupport
import Testing

/// A signer home holds its wallets' networks (issue 28; hf-signer(1), "The home's network"): a DashSync migration
/// brings wallets of a network whose header store no command has made, and that network is held all the same —
/// commands on it run, a refusal names it, and a refused command writes nothing.
@Suite struct MigratedHomeNetworkTests {
    /// A main home (`init` on main) that migrated two mainnet wallets and one testnet wallet.
    static func migratedHome() throws -> LegacySignerFixture? {
        guard let f = try LegacySignerFixture() else { return nil }
        for (index, id) in ["5f2a91c", "8e0b7d3", "c41d9aa"].enumerated() {
            try f.legacy.plantMnemonic(id, phrase: f.phrases[index])
        }
        try f.legacy.plantList(LegacyKeychainFixture.mainnet, ["5f2a91c", "8e0b7d3"])
        try f.legacy.plantList(LegacyKeychainFixture.testnet, ["c41d9aa"])
        let (run, _) = try f.migrate()
        #expect(run.exitCode == 0, "\(run.stderr)")
        return f
    }

    /// Runs the signer on `f`'s home without `--network` unless `arguments` name one.
    static func run(_ f: LegacySignerFixture, _ arguments: [String]) throws -> BuiltTool.Result {
        try f.signer.signer.run(["--home", f.signer.home, "--passphrase-file", f.signer.passphraseFile] + arguments)
    }

    static func exists(_ f: LegacySignerFixture, _ name: String) -> Bool {
        FileManager.default.fileExists(atPath: f.signer.home + "/" + name)
    }

    @Test func aWalletsNetworkIsHeldWithoutItsHeaderStore() throws {
        guard let f = try Self.migratedHome() else { return }
        #expect(!Self.exists(f, "headers-test.dat"), "the migration makes no header store of its own")
        let before = try f.signer.homeDigest()
        for arguments in [["headers", "status"], ["balance"], ["pending", "list"], ["utxos"]] {
            let refused = try Self.run(f, ["--network", "regtest"] + arguments)
            #expect(refused.exitCode == 64, "\(arguments): \(refused.stderr)")
            #expect(
                refused.stderr.contains("this home holds nothing for --network regtest; it holds main and test"),
                "\(arguments): \(refused.stderr)")
            #expect(try f.signer.homeDigest() == before, "\(arguments) changed the home")
        }
        #expect(!Self.exists(f, "headers-test.dat") && !Self.exists(f, "headers-regtest.dat"))
        let listed = try f.walletIDs("test")
        #expect(listed.count == 1)
        let status = try Self.run(f, ["--network", "test", "headers", "status", "--json"])
        #expect(status.exitCode == 0, "a wallet's network is held: \(status.stderr)")
        #expect(status.stdout.contains("\"network\":\"test\""), "stdout: \(status.stdout)")
        let balance = try Self.run(f, ["--network", "test", "balance"])
        #expect(balance.exitCode == 0, "stderr: \(balance.stderr)")
        let home = try Self.run(f, ["headers", "status", "--json"])
        #expect(home.stdout.contains("\"network\":\"main\""), "the recorded network stays the default: \(home.stdout)")
    }

    @Test func aHomeWithoutARecordNamesItsWalletsNetworks() throws {
        guard let f = try Self.migratedHome() else { return }
        try FileManager.default.removeItem(atPath: f.signer.home + "/network")
        let before = try f.signer.homeDigest()
        let several = try Self.run(f, ["balance"])
        #expect(several.exitCode == 64, "stderr: \(several.stderr)")
        #expect(
            several.stderr.contains("this home holds main and test and records no default network"),
            "stderr: \(several.stderr)")
        let json = try Self.run(f, ["--json", "headers", "status"])
        #expect(json.exitCode == 64 && json.stdout.contains("\"code\":\"networkAmbiguous\""), "stdout: \(json.stdout)")
        #expect(try f.signer.homeDigest() == before, "a refused command writes nothing")
        #expect(!Self.exists(f, "headers-test.dat"))
        #expect(try Self.run(f, ["--network", "test", "headers", "status"]).exitCode == 0)
    }
}
