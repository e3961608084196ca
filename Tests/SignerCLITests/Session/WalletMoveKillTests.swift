import Foundation
import HFBundles
import HFPrimitives
import HFStore
import HFTestSupport
import Testing

/// SIGKILL of the real `hf-signer wallet move` at every durable system call and at random moments (the pattern of
/// `SessionKillTests`): the source's pending row and the destination's raised receive index are kept together or not
/// at all, a `.hftx` is never without its row, and a row without its file is written again by `pending export`.
@Suite(.serialized) struct WalletMoveKillTests {
    static let randomKills = 30

    /// The highest receive `next_index` of `walletID`, read directly.
    static func receiveIndex(_ home: String, walletID: String) throws -> Int {
        let database = try Database(path: home + "/signer.sqlite")
        let statement = try database.prepare(
            "SELECT max(next_index) FROM address_indexes WHERE wallet_id = ? AND chain = 'receive'")
        try statement.bind(walletID, at: 1)
        _ = try statement.step()
        return try statement.int(at: 0)
    }

    func check(_ s: WalletMoveTests.TwoWallets, out: String, _ label: String) throws {
        let rows = try SessionKillTests.pendingRows(s.f.home)
        let index = try Self.receiveIndex(s.f.home, walletID: s.destination)
        #expect(rows.count <= 1, "\(label): one move keeps at most one transaction")
        #expect(index == (rows.isEmpty ? 0 : 3), "\(label): the row and the destination's index go together")
        if FileManager.default.fileExists(atPath: out) {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
            #expect(!bytes.isEmpty, "\(label): never a 0-byte .hftx")
            var bundle = try TransactionBundle(decoding: bytes, expectedNetwork: .regtest)
            let txid = try Transaction(bytes: bundle.rawTx).txid.displayHex
            bundle.signerState = nil
            #expect(rows[txid] == bundle.encoded(), "\(label): never a .hftx without its pending row")
        } else if let (txid, stored) = rows.first {
            let again = out + ".again"
            let export = try s.f.run(
                ["pending", "export", txid, "--wallet", s.source, "--out", again], network: "regtest")
            #expect(export.exitCode == 0, "\(label): \(export.stderr)")
            var bundle = try TransactionBundle(
                decoding: [UInt8](try Data(contentsOf: URL(fileURLWithPath: again))), expectedNetwork: .regtest)
            bundle.signerState = nil
            #expect(bundle.encoded() == stored, "\(label): the stored transaction")
            try? FileManager.default.removeItem(atPath: again)
        }
    }

    @Test func aMoveKilledAtEveryDurableCallKeepsItsRowAndTheIndexTogether() throws {
        guard SyscallKiller.strace != nil else { Issue.record(SyscallKiller.Unavailable()); return }
        let s = try WalletMoveTests.twoWallets()
        let f = s.f
        let template = f.dir.path("template")
        try SyscallKiller.restore(f.home, to: template)
        let out = f.dir.path("move.hftx")
        let arguments = ["--home", f.home, "--network", "regtest", "--passphrase-file", f.passphraseFile,
                         "wallet", "move", "--from", s.source, "--to", s.destination, "--out", out, "--yes"]
        let tool = f.signer.url.path
        let points = try SyscallKiller.points(tool, arguments: arguments, after: f.home)
        #expect(points.count > 10)
        try check(s, out: out, "after the untouched run")
        for point in points {
            try SyscallKiller.restore(template, to: f.home)
            try? FileManager.default.removeItem(atPath: out)
            try SyscallKiller.kill(tool, arguments: arguments, at: point)
            try check(s, out: out, "killed at \(point)")
        }
        for iteration in 0..<Self.randomKills {
            try SyscallKiller.restore(template, to: f.home)
            try? FileManager.default.removeItem(atPath: out)
            let child = try f.signer.start(arguments)
            usleep(UInt32.random(in: 0...700_000))
            child.send(SIGKILL)
            _ = child.finish()
            try check(s, out: out, "random kill \(iteration)")
        }
    }
}
