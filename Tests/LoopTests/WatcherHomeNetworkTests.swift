import Foundation
import HFTestSupport
import Testing

/// A watcher home remembers the network it was made for (issue 28; hf-watcher(1), NETWORK): forgetting
/// `--network regtest` no longer shows an empty main balance, and a network the home holds nothing for is refused
/// (64) naming what it holds, changing nothing.
@Suite struct WatcherHomeNetworkTests {
    @Test func aRegtestHomeIsUsedWithoutTheOptionAndAnotherNetworkIsRefused() throws {
        let dir = try TemporaryDirectory()
        let watcher = BuiltTool("hf-watcher")
        let home = dir.path("home")
        #expect(try watcher.run(["--home", home, "--network", "regtest", "init"]).exitCode == 0)
        #expect(try String(contentsOfFile: home + "/network", encoding: .utf8) == "regtest\n")
        let shown = try watcher.run(["--home", home, "config", "show", "--json"])
        #expect(shown.exitCode == 0, "stderr: \(shown.stderr)")
        let explicit = try watcher.run(["--home", home, "--network", "regtest", "config", "show", "--json"])
        #expect(shown.stdout == explicit.stdout, "the home's network is regtest")
        let before = try Self.digest(home)
        for arguments in [["balance"], ["history"], ["config", "show"]] {
            let refused = try watcher.run(["--home", home, "--network", "main"] + arguments)
            #expect(refused.exitCode == 64, "\(arguments): \(refused.stderr)")
            #expect(
                refused.stderr.contains("this home holds nothing for --network main; it holds regtest"),
                "\(arguments): \(refused.stderr)")
            #expect(!refused.stdout.contains("satoshis"), "no silent empty answer")
        }
        #expect(try Self.digest(home) == before, "the refusals changed nothing")
        #expect(!FileManager.default.fileExists(atPath: home + "/headers-main.dat"))
    }

    /// Every file's bytes by name (SQLite's `-shm` index aside).
    static func digest(_ home: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: home) where !name.hasSuffix("-shm") {
            files[name] = FileManager.default.contents(atPath: home + "/" + name)
        }
        return files
    }
}
