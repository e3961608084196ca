import Foundation
import HFBundles
import HFTestSupport
import Testing

/// An I/O failure of the header store is exit 74 (EX_IOERR), never 65 (a rejection), and leaves the store as it was.
@Suite struct HeaderStoreFailureTests {
    /// Runs `tool` under a file size limit of `kib` KiB with SIGXFSZ ignored, so a write past it fails with EFBIG.
    static func runLimited(_ tool: BuiltTool, _ arguments: [String], kib: Int) throws -> (status: Int32, stderr: String) {
        let script = "trap '' XFSZ; ulimit -f \(kib); exec \"$0\" \"$@\""
        let child = try Subprocess(path: "/bin/bash", arguments: ["-c", script, tool.url.path] + arguments)
        let (status, _, stderr) = child.finish()
        return (status, stderr)
    }

    @Test func aHeaderFileWriteFailureExits74() throws {
        guard let headers = try SignerFixtures.mainnetHeaders() else { return }
        let f = try SignerFixtures()
        #expect(try f.run(["init"]).exitCode == 0)
        // 1,000 headers are 80,000 bytes, past the 60 KiB limit.
        let bundle = try f.write(
            "all.hfheaders", SignerFixtures.mainnetBundle(headers, from: 887_001, to: 888_000, encoding: .full80))
        let failed = try Self.runLimited(
            f.signer, ["--home", f.home, "--network", "main", "import", bundle], kib: 60)
        #expect(failed.status == 74, "stderr: \(failed.stderr)")
        #expect(failed.stderr.contains("the header store failed"), "stderr: \(failed.stderr)")
        let status = try f.run(["headers", "status"])
        #expect(status.exitCode == 0)
        #expect(status.stdout.contains("887000"), "the store is as before: \(status.stdout)")
        #expect(try f.run(["import", bundle]).exitCode == 0, "without the limit the same bundle imports")
    }
}
