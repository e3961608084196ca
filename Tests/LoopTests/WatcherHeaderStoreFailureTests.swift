import Foundation
import HFDevnet
import HFTestSupport
import Testing

/// The watcher's header sync: an I/O failure of its header store is exit 74 (EX_IOERR), never 65.
@Suite struct WatcherHeaderStoreFailureTests {
    @Test func aHeaderFileWriteFailureDuringSyncExits74() throws {
        let dir = try TemporaryDirectory()
        let watcher = BuiltTool("hf-watcher")
        let common = ["--home", dir.path("watcher"), "--network", "regtest"]
        #expect(try watcher.run(common + ["init"]).exitCode == 0)
        #expect(try watcher.run(common + ["config", "set", "net.attempts", "1"]).exitCode == 0)
        let chain = DevnetChain()
        _ = try chain.mine(1_000)  // 80,000 bytes of headers, past the 60 KiB limit
        let router = DevnetAPI.router(for: chain)
        let server = HTTPServer { request in router.respond(to: request) }
        let port = try server.start()
        defer { server.stop() }
        #expect(try watcher.run(common + ["config", "set", "devnet", "http://127.0.0.1:\(port)"]).exitCode == 0)
        let script = "trap '' XFSZ; ulimit -f 60; exec \"$0\" \"$@\""
        let child = try Subprocess(path: "/bin/bash", arguments: ["-c", script, watcher.url.path] + common + ["sync"])
        let (status, _, stderr) = child.finish()
        #expect(status == 74, "stderr: \(stderr)")
        #expect(stderr.contains("the header store failed"), "stderr: \(stderr)")
        let sync = try watcher.run(common + ["sync"])
        #expect(sync.exitCode == 0, "without the limit the sync completes: \(sync.stderr)")
    }
}
