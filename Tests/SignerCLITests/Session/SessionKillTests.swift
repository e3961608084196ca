import Foundation
import HFBundles
import HFPrimitives
import HFSPV
import HFHome
import HFStore
import HFTestSupport
import Testing

/// SIGKILL of the real `hf-signer` at every durable system call of a command (strace's fault injection: the n-th
/// `write`, `pwrite64`, `fsync`, `fdatasync`, `ftruncate`, `rename`, `link`, `unlink`, `openat` after the command first
/// touches its home, for every n), and at random moments; after each kill the home is reopened and checked (issue 13).
@Suite(.serialized) struct SessionKillTests {
    static let randomKills = 100

    struct Status: Decodable {
        let validatedTipHeight: Int
    }

    /// The pending rows of the signer store at `home`, read directly (txid → stored `.hftx`).
    static func pendingRows(_ home: String) throws -> [String: [UInt8]] {
        let database = try Database(path: home + "/signer.sqlite")
        let statement = try database.prepare("SELECT txid, hftx FROM transactions WHERE state = 'pending'")
        var rows: [String: [UInt8]] = [:]
        while try statement.step() { rows[try statement.string(at: 0)] = try statement.blob(at: 1) }
        return rows
    }

    // MARK: - A reorganisation

    /// After a kill of `import branch`: the chain is on one branch or the other, and the balance counts exactly the
    /// receipts of that branch (80,000 with block 2, 50,000 on the heavier branch without it).
    func checkReorg(_ s: ReorgLedgerTests.TwoReceipts, _ label: String) throws {
        let status = try s.f.run(["headers", "status", "--json"], network: "regtest")
        #expect(status.exitCode == 0, "\(label): \(status.stderr)")
        let tip = try JSONDecoder().decode(Status.self, from: Data(status.stdout.utf8)).validatedTipHeight
        let balance = try ReorgLedgerTests.balance(s.f)
        #expect(tip == 2 || tip == 4, "\(label): tip \(tip)")
        #expect(balance.confirmed == (tip == 4 ? 50_000 : 80_000), "\(label): tip \(tip), \(balance)")
    }

    @Test func aReorgImportKilledAtEveryDurableCallNeverCountsAnOrphanedReceipt() throws {
        guard SyscallKiller.strace != nil else { Issue.record(SyscallKiller.Unavailable()); return }
        let s = try ReorgLedgerTests.twoReceipts()
        let template = s.f.dir.path("template")
        try SyscallKiller.restore(s.f.home, to: template)
        let branch = try s.f.write("branch.hfheaders", try s.branchBundle)
        let arguments = ["--home", s.f.home, "--network", "regtest", "import", branch]
        let tool = s.f.signer.url.path
        let points = try SyscallKiller.points(tool, arguments: arguments, after: s.f.home)
        #expect(points.count > 10, "the import makes durable calls: \(points)")
        var killed = 0
        for point in points {
            try SyscallKiller.restore(template, to: s.f.home)
            if try SyscallKiller.kill(tool, arguments: arguments, at: point) { killed += 1 }
            try checkReorg(s, "killed at \(point)")
        }
        #expect(killed == points.count, "every point was reached")
        for iteration in 0..<Self.randomKills {
            try SyscallKiller.restore(template, to: s.f.home)
            let child = try s.f.signer.start(arguments)
            usleep(UInt32.random(in: 0...120_000))
            child.send(SIGKILL)
            _ = child.finish()
            try checkReorg(s, "random kill \(iteration)")
        }
    }

    // MARK: - send

    /// A funded regtest wallet (three coins) on its own home, with a template copy to restore before each kill.
    func funded() throws -> (SignerFixtures, template: String) {
        let (f, _) = try ReorgLedgerTests.funded([50_000, 30_000, 20_000])
        let template = f.dir.path("template")
        try SyscallKiller.restore(f.home, to: template)
        return (f, template)
    }

    /// After a kill of `send --out OUT`: a file at OUT is whole and its transaction is pending; a pending row without
    /// its file is written again by `pending export`.
    func checkSend(_ f: SignerFixtures, out: String, _ label: String) throws {
        let rows = try Self.pendingRows(f.home)
        #expect(rows.count <= 1, "\(label): one send keeps at most one transaction")
        if FileManager.default.fileExists(atPath: out) {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
            #expect(!bytes.isEmpty, "\(label): never a 0-byte .hftx")
            var bundle = try TransactionBundle(decoding: bytes, expectedNetwork: .regtest)
            let txid = try Transaction(bytes: bundle.rawTx).txid.displayHex
            // The file carries the signer state beside the stored transaction (issue 26).
            #expect(bundle.signerState != nil, "\(label): the .hftx carries the signer state")
            bundle.signerState = nil
            #expect(rows[txid] == bundle.encoded(), "\(label): never a .hftx without its pending row")
        } else if let (txid, stored) = rows.first {
            let again = out + ".again"
            let export = try f.run(["pending", "export", txid, "--out", again], network: "regtest")
            #expect(export.exitCode == 0, "\(label): \(export.stderr)")
            var againBundle = try TransactionBundle(
                decoding: [UInt8](try Data(contentsOf: URL(fileURLWithPath: again))), expectedNetwork: .regtest)
            againBundle.signerState = nil
            #expect(againBundle.encoded() == stored, "\(label): the stored transaction")
            try? FileManager.default.removeItem(atPath: again)
        }
    }

    @Test func aSendKilledAtEveryDurableCallNeverLeavesAFileWithoutItsPendingRow() throws {
        guard SyscallKiller.strace != nil else { Issue.record(SyscallKiller.Unavailable()); return }
        let (f, template) = try funded()
        let stranger = try Address(hash160: [UInt8](repeating: 0x44, count: 20), network: .regtest).string
        let out = f.dir.path("send.hftx")
        let arguments = ["--home", f.home, "--network", "regtest", "--passphrase-file", f.passphraseFile,
                         "send", "--yes", "--to", stranger, "--amount", "1000", "--out", out]
        let tool = f.signer.url.path
        let points = try SyscallKiller.points(tool, arguments: arguments, after: f.home)
        #expect(points.count > 10)
        for point in points {
            try SyscallKiller.restore(template, to: f.home)
            try? FileManager.default.removeItem(atPath: out)
            try SyscallKiller.kill(tool, arguments: arguments, at: point)
            try checkSend(f, out: out, "killed at \(point)")
        }
        for iteration in 0..<Self.randomKills {
            try SyscallKiller.restore(template, to: f.home)
            try? FileManager.default.removeItem(atPath: out)
            let child = try f.signer.start(arguments)
            usleep(UInt32.random(in: 0...700_000))
            child.send(SIGKILL)
            _ = child.finish()
            try checkSend(f, out: out, "random kill \(iteration)")
        }
    }

    @Test func twoSendsAtOnceNeverSpendTheSameCoin() throws {
        let (f, template) = try funded()
        let stranger = try Address(hash160: [UInt8](repeating: 0x45, count: 20), network: .regtest).string
        var bothKept = 0
        for round in 0..<20 {
            try SyscallKiller.restore(template, to: f.home)
            let outs = [f.dir.path("a-\(round).hftx"), f.dir.path("b-\(round).hftx")]
            let children = try outs.map { out in
                try f.signer.start(["--home", f.home, "--network", "regtest", "--passphrase-file", f.passphraseFile,
                                    "send", "--yes", "--to", stranger, "--amount", "15000", "--out", out])
            }
            let results = children.map { $0.finish() }
            // The second waits for the first (up to 5 s); on a loaded machine it may give up with 75 "home in use".
            for result in results where result.status != 0 {
                #expect(result.status == 75 && result.stderr.contains("home in use"), "round \(round): \(result.stderr)")
            }
            let succeeded = results.filter { $0.status == 0 }.count
            if succeeded == 2 { bothKept += 1 }
            let rows = try Self.pendingRows(f.home)
            #expect(rows.count == succeeded, "round \(round): one pending transaction per send that succeeded")
            var spent = Set<OutPoint>()
            for bytes in rows.values {
                let bundle = try TransactionBundle(decoding: bytes, expectedNetwork: .regtest)
                for input in try Transaction(bytes: bundle.rawTx).inputs {
                    #expect(spent.insert(input.previousOutput).inserted, "round \(round): \(input.previousOutput) twice")
                }
            }
        }
        #expect(bothKept > 0, "in some round both sends signed, one after the other")
    }

    @Test func aSecondCommandWaitsForTheHomeThenSaysItIsInUse() throws {
        let (f, _) = try funded()
        // Hold the home's lock as a running command would (the same flock on the same file).
        let lock = try HomeLock.acquire(directory: f.home, waitingUpTo: 0)
        defer { lock.release() }
        let started = Date()
        let refused = try f.run(["balance"], network: "regtest")
        #expect(refused.exitCode == 75)
        #expect(refused.stderr.contains("home in use"))
        #expect(Date().timeIntervalSince(started) >= 4, "it waited a few seconds first")
    }

    // MARK: - wallet remove with a file vault

    struct VaultCheck: Decodable {
        let missingSeeds: [String]
        let unreadable: [String]
    }

    struct WalletEntry: Decodable {
        let walletId: String
    }

    func wallets(_ f: SignerFixtures) throws -> [String] {
        let list = try f.run(["wallet", "list", "--json"])
        #expect(list.exitCode == 0, "\(list.stderr)")
        return try JSONDecoder().decode([WalletEntry].self, from: Data(list.stdout.utf8)).map(\.walletId)
    }

    @Test func aWalletRemoveKilledAtEveryDurableCallNeverLeavesALiveWalletWithoutItsSeed() throws {
        guard SyscallKiller.strace != nil else { Issue.record(SyscallKiller.Unavailable()); return }
        let f = try SignerFixtures()
        #expect(try f.run(["init"]).exitCode == 0)
        for index in 0..<2 {
            let created = try f.run(["wallet", "create", "--title", "W\(index)", "--mnemonic-out", f.dir.path("m\(index)")])
            #expect(created.exitCode == 0, "\(created.stderr)")
        }
        let migrated = try f.run(["vault", "migrate", "--to", "file", "--confirm-unencrypted"])
        #expect(migrated.exitCode == 0, "\(migrated.stderr)")
        let before = try wallets(f)
        #expect(before.count == 2)
        let template = f.dir.path("template")
        try SyscallKiller.restore(f.home, to: template)
        let arguments = ["--home", f.home, "wallet", "remove", before[0]]
        let tool = f.signer.url.path
        let points = try SyscallKiller.points(tool, arguments: arguments, after: f.home)
        #expect(points.count > 5)
        var removed = 0
        for point in points {
            try SyscallKiller.restore(template, to: f.home)
            try SyscallKiller.kill(tool, arguments: arguments, at: point)
            let live = try wallets(f)
            #expect(live == before || live == [before[1]], "killed at \(point): \(live)")
            let check = try f.run(["vault", "verify", "--json"])
            let state = try JSONDecoder().decode(VaultCheck.self, from: Data(check.stdout.utf8))
            #expect(state.missingSeeds.isEmpty && state.unreadable.isEmpty, "killed at \(point): \(check.stdout)")
            // The next wallet command finishes a removal that died after its commit: the stray seed goes and the
            // removed wallet is not recovered from it.
            #expect(try f.run(["address", "next", "--wallet", before[1]]).exitCode == 0)
            #expect(try wallets(f) == live, "killed at \(point): a removed wallet never comes back")
            if live.count == 1 {
                removed += 1
                let files = try FileManager.default.subpathsOfDirectory(atPath: f.home)
                #expect(!files.contains { $0.contains("wallet-" + before[0]) }, "killed at \(point): stray seed \(files)")
            }
        }
        #expect(removed > 0 && removed < points.count, "kills landed on both sides of the commit")
    }
}
