import Foundation
import HFBundles
import HFCrypto
import HFPrimitives
import HFStore
import HFTestSupport
import Testing

/// SIGKILL of the real `hf-signer call answer` of a BRC-100 createAction at every durable system call, and at
/// random moments (issue 19): the pending payment and the record that its call was answered are kept in one store
/// transaction, so after any kill there are both or neither, and answering the call again either writes the same
/// answer from the store (it paid; issue 27) or pays exactly once.
@Suite(.serialized) struct CallAnswerKillTests {
    static let randomKills = 40

    /// The pending txids and the answered calls of the store at `home`, read directly.
    static func state(_ home: String) throws -> (pending: Set<String>, answered: [String: String]) {
        let database = try Database(path: home + "/signer.sqlite")
        let pending = try database.prepare("SELECT txid FROM transactions WHERE state = 'pending'")
        var txids: Set<String> = []
        while try pending.step() { txids.insert(try pending.string(at: 0)) }
        let calls = try database.prepare("SELECT call_id, txid FROM answered_calls")
        var answered: [String: String] = [:]
        while try calls.step() { answered[try calls.string(at: 0)] = try calls.string(at: 1) }
        return (txids, answered)
    }

    /// After a kill: both or neither; then a second answer pays only when the first did not.
    func check(_ f: SignerFixtures, call: String, callID: String, _ label: String) throws {
        let before = try Self.state(f.home)
        #expect(before.pending.count <= 1, "\(label): one call keeps at most one payment")
        #expect(Set(before.answered.values) == before.pending, "\(label): the payment and its call record together")
        let out = f.dir.path("again-\(UUID().uuidString).hfanswer")
        let again = try f.run(["call", "answer", call, "--out", out, "--yes"], network: "regtest")
        let after = try Self.state(f.home)
        if before.pending.isEmpty {
            #expect(again.exitCode == 0, "\(label): \(again.stderr)")
            #expect(after.pending.count == 1 && after.answered[callID] != nil, "\(label): paid once, now")
        } else {
            // Issue 27: the answer lost with the kill is written again from the store, paying nothing new.
            #expect(again.exitCode == 0 && again.stderr.contains("already answered with payment"), "\(label): \(again.stderr)")
            #expect(after.pending == before.pending, "\(label): never a second payment")
            let answer = try WalletAnswerBundle(
                decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: out))), expectedNetwork: .regtest)
            guard case .result(let result) = answer.outcome, case .string(let txid)? = result["txid"] else {
                Issue.record("\(label): the answer written again holds no payment")
                return
            }
            #expect(before.pending == [txid], "\(label): the answer names the kept payment")
        }
    }

    @Test func aCreateActionAnswerKilledAtEveryDurableCallPaysOnce() throws {
        guard SyscallKiller.strace != nil else { Issue.record(SyscallKiller.Unavailable()); return }
        let (f, _) = try ReorgLedgerTests.funded([50_000, 30_000])
        let shown = try f.run(["wallet", "show", "--json"], network: "regtest").stdout
        let identity = try #require(
            (JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any])?["identityKey"] as? String)
        let stranger = try Address(hash160: [UInt8](repeating: 0x46, count: 20), network: .regtest)
        let callID = [UInt8](repeating: 0xc1, count: 16)
        let bundle = try WalletCallBundle(
            network: .regtest, callID: callID, createdAt: RFC3339Timestamp("2026-12-02T12:00:00Z"),
            originator: "shop.example", identityKey: PublicKey(serialized: Hex.decode(identity)), method: .createAction,
            arguments: [
                "description": .string("pay"),
                "outputs": .array([
                    .object(["lockingScript": .string(Script(p2pkhPaying: stranger).hex), "satoshis": .integer(10_000)])
                ]),
            ])
        let call = try f.write("pay.hfcall", bundle.encoded())
        let template = f.dir.path("template")
        try SyscallKiller.restore(f.home, to: template)
        let out = f.dir.path("pay.hfanswer")
        let arguments = ["--home", f.home, "--network", "regtest", "--passphrase-file", f.passphraseFile,
                         "call", "answer", call, "--out", out, "--yes"]
        func reset() throws {
            try SyscallKiller.restore(template, to: f.home)
            for file in try FileManager.default.contentsOfDirectory(atPath: f.dir.path(""))
            where file.hasSuffix(".hfanswer") || file.hasSuffix(".hftx") {
                try FileManager.default.removeItem(atPath: f.dir.path(file))
            }
        }
        let tool = f.signer.url.path
        let points = try SyscallKiller.points(tool, arguments: arguments, after: f.home)
        #expect(points.count > 10, "the answer makes durable calls: \(points)")
        for point in points {
            try reset()
            try SyscallKiller.kill(tool, arguments: arguments, at: point)
            try check(f, call: call, callID: callID.hex, "killed at \(point)")
        }
        for iteration in 0..<Self.randomKills {
            try reset()
            let child = try f.signer.start(arguments)
            usleep(UInt32.random(in: 0...700_000))
            child.send(SIGKILL)
            _ = child.finish()
            try check(f, call: call, callID: callID.hex, "random kill \(iteration)")
        }
    }
}
