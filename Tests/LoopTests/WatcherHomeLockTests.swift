import Foundation
import HFHome
import HFTestSupport
import Testing

/// The watcher's mutating commands hold the home's lock for their run (issue 13): while another process holds it,
/// a command waits a few seconds and exits 75 "home in use", changing nothing; once released, it runs.
@Suite struct WatcherHomeLockTests {
    @Test func aCommandWaitsForTheHomeThenSaysItIsInUse() throws {
        let dir = try TemporaryDirectory()
        let watcher = BuiltTool("hf-watcher")
        let home = dir.path("home")
        #expect(try watcher.run(["--home", home, "--network", "regtest", "init"]).exitCode == 0)
        let lock = try HomeLock.acquire(directory: home, waitingUpTo: 0)
        let started = Date()
        let refused = try watcher.run(["--home", home, "--network", "regtest", "config", "set", "poll.seconds", "9"])
        #expect(refused.exitCode == 75, "\(refused.stderr)")
        #expect(refused.stderr.contains("home in use"))
        #expect(Date().timeIntervalSince(started) >= 4, "it waited first")
        lock.release()
        #expect(try watcher.run(["--home", home, "--network", "regtest", "config", "set", "poll.seconds", "9"]).exitCode == 0)
        let shown = try watcher.run(["--home", home, "--network", "regtest", "config", "show", "--json"])
        #expect(shown.stdout.contains("\"poll.seconds\":9"))
    }
}
