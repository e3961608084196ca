import Foundation
import HFTestSupport
import Testing

/// Issue 14, crash hygiene of the watcher: a `watch` on a terminal, with cores forced on by the test, waiting
/// between polls (its service is down), ends at once on SIGABRT or SIGSEGV with one line and no core.
@Suite(.serialized) struct WatcherCrashHygieneTests {
    static let line = "no core is written because this program may hold keys"

    /// A watcher home whose devnet URL refuses connections, and `watch --interval 30` on a terminal in its own
    /// directory, after its first failed poll (it now waits 30 s).
    struct WaitingWatch {
        let dir: TemporaryDirectory
        let directory: String
        let watch: TerminalProcess
        let port: RefusingPort

        init() throws {
            dir = try TemporaryDirectory()
            port = try RefusingPort()
            directory = dir.path("cwd")
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
            let watcher = BuiltTool("hf-watcher")
            let home = ["--home", dir.path("w"), "--network", "regtest"]
            #expect(try watcher.run(home + ["init"]).exitCode == 0)
            #expect(try watcher.run(home + ["config", "set", "devnet", "http://127.0.0.1:\(port.port)"]).exitCode == 0)
            #expect(try watcher.run(home + ["config", "set", "net.attempts", "1"]).exitCode == 0)
            watch = try TerminalProcess(
                path: watcher.url.path, arguments: home + ["watch", "--interval", "30"], directory: directory)
            try #require(watch.waitFor("trying again in 30 s"), "no failed poll: \(watch.text)")
        }
    }

    @Test(arguments: [SIGABRT, SIGSEGV])
    func aCrashDuringWatchWritesNoCoreAndEndsAtOnce(signal: Int32) throws {
        let run = try WaitingWatch()
        let limit = try #require(CoreDumpProbe.coreLimit(of: run.watch.pid))
        #expect(limit.soft == "0" && limit.hard == "0", "the test raised the limit; the watcher must lower it")
        if !CoreDumpProbe.writesIntoWorkingDirectory {
            // Cores go where the test cannot look (core_pattern '\(CoreDumpProbe.pattern)'): check the flag instead.
            #expect(try CoreDumpProbe.isDumpable(run.watch.pid) == false)
        }
        run.watch.send(signal)
        #expect(run.watch.waitForExit(seconds: 1) == 128 + signal, "still running a second after the signal")
        #expect(run.watch.text.contains("hf-watcher: crashed (signal \(signal), "), "\(run.watch.text)")
        #expect(run.watch.text.contains(Self.line))
        #expect(!run.watch.text.contains("Press space"), "Swift's interactive backtracer ran: \(run.watch.text)")
        if CoreDumpProbe.writesIntoWorkingDirectory {
            #expect(CoreDumpProbe.cores(in: run.directory).isEmpty)
            #expect(try CoreDumpProbe.controlProcessLeavesCore(in: run.directory, signal: SIGABRT))
        }
    }
}
