import Foundation
import HFTestSupport
import Testing

/// SIGKILL of the real `hf-signer` at every durable system call of `import F.hfupdate` (strace's fault injection, as
/// the other kill tests): after each kill the home opens and counts either none or all of the update's receipts, and
/// importing the same file again reaches the same end state as an import never killed (issue 26).
@Suite(.serialized) struct UpdateImportKillTests: RegtestHomes {
    let dir: TemporaryDirectory
    let passphrase: String

    init() throws {
        dir = try TemporaryDirectory()
        passphrase = try dir.write("store.pw", "pw")
    }

    /// The signer's confirmed balance and validated tip; the home must open.
    func signerState(_ label: String) throws -> (confirmed: Int, tip: Int) {
        let balance = try sign(["balance", "--json"])
        let status = try sign(["headers", "status", "--json"])
        #expect(balance.exitCode == 0 && status.exitCode == 0, "\(label): \(balance.stderr) \(status.stderr)")
        let confirmed = (try? JSONSerialization.jsonObject(with: Data(balance.stdout.utf8)) as? [String: Any])?["confirmed"]
        let tip = (try? JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])?["validatedTipHeight"]
        return (confirmed as? Int ?? -1, tip as? Int ?? -1)
    }

    @Test func anUpdateImportKilledAtEveryDurableCallIsFinishedByImportingAgain() throws {
        guard SyscallKiller.strace != nil else { Issue.record(SyscallKiller.Unavailable()); return }
        let (_, serve, address) = try watchedColdWallet()
        defer { _ = serve.terminate() }
        try setUp(try BuiltTool("hf-devnet").run(["fund", address, "30000", "--url", serve.url]), "hf-devnet fund")
        try setUp(try BuiltTool("hf-devnet").run(["mine", "3", "--url", serve.url]), "hf-devnet mine")
        try setUp(try watch(["sync"]), "watch sync")
        let update = dir.path("u.hfupdate")
        try setUp(try watch(["export", "update", "--out", update]), "watch export update")

        let home = dir.path("signer")
        let template = dir.path("template")
        try SyscallKiller.restore(home, to: template)
        let before = try signerState("before")
        #expect(before == (0, 0))
        let arguments = ["--home", home, "--network", "regtest", "--passphrase-file", passphrase, "import", update]
        let tool = BuiltTool("hf-signer").url.path
        let points = try SyscallKiller.points(tool, arguments: arguments, after: home)
        #expect(points.count > 10, "the import makes durable calls: \(points)")
        let whole = try sign(["import", update])
        #expect(whole.exitCode == 0, "stderr: \(whole.stderr)")
        let end = try signerState("imported whole")
        #expect(end == (30_000, 104))

        var killed = 0
        for point in points {
            try SyscallKiller.restore(template, to: home)
            if try SyscallKiller.kill(tool, arguments: arguments, at: point) { killed += 1 }
            let after = try signerState("killed at \(point)")
            #expect(after.confirmed == 0 || after == end, "killed at \(point): \(after)")
            let again = try sign(["import", update])
            #expect(again.exitCode == 0, "re-import after a kill at \(point): \(again.stderr)")
            #expect(try signerState("re-imported after \(point)") == end, "re-import after a kill at \(point)")
        }
        #expect(killed == points.count, "every point was reached")
    }
}
