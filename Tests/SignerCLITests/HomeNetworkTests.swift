import Foundation
import HFTestSupport
import Testing

/// A signer home remembers the network it was made for (issue 28; hf-signer(1), NETWORK): later commands use it
/// without `--network`, a `--network` the home holds nothing for is refused (64) naming what it holds and changing
/// nothing, and a home made before homes recorded a network is read by what it holds.
@Suite struct HomeNetworkTests {
    /// Runs the signer in `f`'s home without `--network` (unless `arguments` carry one).
    static func run(_ f: SignerFixtures, _ arguments: [String]) throws -> BuiltTool.Result {
        try f.signer.run(["--home", f.home, "--passphrase-file", f.passphraseFile] + arguments)
    }

    @Test func aRegtestHomeIsUsedWithoutTheOption() throws {
        let f = try SignerFixtures()
        #expect(try f.run(["init"], network: "regtest").exitCode == 0)
        let record = try String(contentsOfFile: f.home + "/network", encoding: .utf8)
        #expect(record == "regtest\n")
        let status = try Self.run(f, ["headers", "status", "--json"])
        #expect(status.exitCode == 0, "stderr: \(status.stderr)")
        #expect(status.stdout.contains("\"network\":\"regtest\""), "stdout: \(status.stdout)")
        #expect(!FileManager.default.fileExists(atPath: f.home + "/headers-main.dat"), "main was never touched")
    }

    @Test func aNetworkTheHomeDoesNotHoldIsRefusedAndNothingChanges() throws {
        let f = try SignerFixtures()
        #expect(try f.run(["init"], network: "regtest").exitCode == 0)
        let before = try f.homeDigest()
        for arguments in [["headers", "status"], ["balance"], ["utxos"], ["pending", "list"]] {
            let refused = try Self.run(f, ["--network", "main"] + arguments)
            #expect(refused.exitCode == 64, "\(arguments): \(refused.stderr)")
            #expect(
                refused.stderr.contains("this home holds nothing for --network main; it holds regtest"),
                "\(arguments): \(refused.stderr)")
            #expect(try f.homeDigest() == before, "\(arguments) changed the home")
        }
        let listed = try Self.run(f, ["--network", "main", "wallet", "list", "--json"])
        #expect(listed.exitCode == 0 && listed.stdout == "[]\n", "a list is an answer: \(listed.stdout) \(listed.stderr)")
        let json = try Self.run(f, ["--network", "test", "--json", "headers", "status"])
        #expect(json.exitCode == 64)
        #expect(json.stdout.contains("\"code\":\"networkNotHeld\",\"exit\":64"), "stdout: \(json.stdout)")
        #expect(!json.stderr.contains("Usage:"), "not a syntax error: \(json.stderr)")
        #expect(json.stdout.contains("holds nothing for --network test; it holds regtest"), "stdout: \(json.stdout)")
        #expect(try f.homeDigest() == before)
    }

    @Test func commandsThatAddOrReadNothingOfTheHomeMayNameAnyNetwork() throws {
        let f = try SignerFixtures()
        #expect(try f.run(["init"], network: "regtest").exitCode == 0)
        let generated = try Self.run(
            f, ["--network", "test", "keys", "generate-mnemonic", "--out", f.dir.path("phrase.txt")])
        #expect(generated.exitCode == 0, "stderr: \(generated.stderr)")
        let added = try Self.run(f, ["--network", "main", "init"])
        #expect(added.exitCode == 0, "stderr: \(added.stderr)")
        #expect(try String(contentsOfFile: f.home + "/network", encoding: .utf8) == "regtest\n", "the first init decides")
        #expect(try Self.run(f, ["--network", "main", "headers", "status"]).exitCode == 0, "main is held now")
        let status = try Self.run(f, ["headers", "status", "--json"])
        #expect(status.stdout.contains("\"network\":\"regtest\""), "stdout: \(status.stdout)")
    }

    @Test func aHomeWithoutARecordIsReadByWhatItHolds() throws {
        let f = try SignerFixtures()
        #expect(try f.run(["init"], network: "regtest").exitCode == 0)
        try FileManager.default.removeItem(atPath: f.home + "/network")
        let one = try Self.run(f, ["headers", "status", "--json"])
        #expect(one.exitCode == 0, "stderr: \(one.stderr)")
        #expect(one.stdout.contains("\"network\":\"regtest\""), "the one network it holds: \(one.stdout)")
        #expect(try f.run(["headers", "status"], network: "test").exitCode == 64)
        #expect(try Self.run(f, ["--network", "test", "init"]).exitCode == 0)
        try FileManager.default.removeItem(atPath: f.home + "/network")
        let before = try f.homeDigest()
        let several = try Self.run(f, ["headers", "status"])
        #expect(several.exitCode == 64)
        #expect(
            several.stderr.contains("this home holds test and regtest and records no default network"),
            "stderr: \(several.stderr)")
        #expect(try f.homeDigest() == before)
        #expect(try f.run(["headers", "status"], network: "test").exitCode == 0)
    }
}
