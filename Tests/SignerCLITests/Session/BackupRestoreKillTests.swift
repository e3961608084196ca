import Foundation
import HFPrimitives
import HFStore
import HFTestSupport
import Testing

/// SIGKILL of the real `hf-signer backup restore` of a backup holding a pending payment, at every durable system
/// call of the restore into a new home (issue 27): the wallet and its pending payment are restored in one store
/// transaction, so after any kill the home holds both or neither, and restoring again brings the payment back
/// pending exactly once.
@Suite(.serialized) struct BackupRestoreKillTests {
    static let randomKills = 2

    /// The wallets and the pending txids of the store at `home`, read directly (nil: no readable store).
    static func state(_ home: String) -> (wallets: Int, pending: Set<String>)? {
        guard let database = try? Database(path: home + "/signer.sqlite"),
            let wallets = try? database.prepare("SELECT count(*) FROM wallets"),
            let pending = try? database.prepare("SELECT txid FROM transactions WHERE state = 'pending'")
        else { return nil }
        var count = 0
        if (try? wallets.step()) == true { count = (try? wallets.int(at: 0)) ?? 0 }
        var txids: Set<String> = []
        while (try? pending.step()) == true { if let txid = try? pending.string(at: 0) { txids.insert(txid) } }
        return (count, txids)
    }

    @Test func aRestoreWithAPendingPaymentKilledAtEveryDurableCallKeepsItOnce() throws {
        guard SyscallKiller.strace != nil else { Issue.record(SyscallKiller.Unavailable()); return }
        let (f, _) = try ReorgLedgerTests.funded([40_000])
        let paid = f.dir.path("pay.hftx")
        #expect(try f.run(["send", "--yes", "--to", BackupPendingTests.stranger.string, "--amount", "10000", "--out", paid],
                          network: "regtest").exitCode == 0)
        let txid = try #require(try BackupPendingTests.pending(f).first)
        let password = try f.dir.write("backup-password", "backup pw")
        let bep = f.dir.path("new.bep")
        #expect(try f.run(["backup", "create", "--out", bep, "--password-file", password], network: "regtest").exitCode == 0)

        let home = f.dir.path("restored")
        let arguments = ["--home", home, "--network", "regtest", "--passphrase-file", f.passphraseFile,
                         "backup", "restore", bep, "--password-file", password]
        func reset() throws {
            if FileManager.default.fileExists(atPath: home) { try FileManager.default.removeItem(atPath: home) }
        }
        func check(_ label: String) throws {
            if let killed = Self.state(home), killed.wallets > 0 {
                #expect(killed.pending == [txid], "\(label): the wallet came back without its pending payment")
            }
            let again = try f.signer.run(arguments)
            #expect(again.exitCode == 0, "\(label): \(again.stderr)")
            let after = Self.state(home)
            #expect(after?.wallets == 1 && after?.pending == [txid], "\(label): \(String(describing: after))")
        }
        let tool = f.signer.url.path
        try reset()
        let points = try SyscallKiller.points(tool, arguments: arguments, after: home)
        #expect(points.count > 10, "the restore makes durable calls: \(points)")
        for point in points {
            try reset()
            try SyscallKiller.kill(tool, arguments: arguments, at: point)
            try check("killed at \(point)")
        }
        for iteration in 0..<Self.randomKills {
            try reset()
            let child = try f.signer.start(arguments)
            usleep(UInt32.random(in: 0...1_500_000))
            child.send(SIGKILL)
            _ = child.finish()
            try check("random kill \(iteration)")
        }
    }
}
