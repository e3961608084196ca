import Foundation
import HFDevnet
import HFTestSupport
import Testing

/// The `--json` shapes of the commands that need a chain (issue 15: numbers are JSON numbers, booleans booleans,
/// strings strings), on the paymail loop's homes and in-process devnet (`PaymailLoopTests`' fixture): each command's
/// every field with its type, and nothing else — except `send`, whose report issue 16 extends, where only the
/// fields it has today are pinned.
@Suite struct LoopJSONShapeTests {
    func json(_ result: BuiltTool.Result) -> [String: Any] {
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        return JSONTypes.object(result.stdout)
    }

    @Test func packsPaymentsPaymailBeefAndAuth() throws {
        let loop = try PaymailLoopTests()
        let dir = loop.dir
        try loop.fundedWallet(100_000)

        // The watcher's home and the signer's address pack.
        #expect(JSONTypes.kinds(json(try loop.watch(["init", "--json"]))) == ["home": .string, "network": .string])
        let pack = json(try loop.sign(["export", "addrpack", "--out", dir.path("again.hfaddrpack"), "--json"]))
        #expect(JSONTypes.kinds(pack) == [
            "addresses": .number, "extendsRange": .boolean, "file": .string, "walletId": .string,
        ])
        let identity = json(try loop.sign(["wallet", "show", "--json"]))["identityKey"] as? String ?? ""
        let imported = json(try loop.watch(
            ["import", dir.path("again.hfaddrpack"), "--trust-identity", identity, "--json"]))
        #expect(JSONTypes.kinds(imported) == [
            "accepted": .boolean, "added": .number, "addresses": .number, "kind": .string, "state": .string,
            "walletId": .string,
        ])

        // A paper wallet's sweep request, and the watcher taking it.
        let wif = try dir.write("paper.wif", SweepLoopTests.wif + "\n")
        let sweep = json(try loop.sign(["sweep", "add", "--wif-file", wif, "--out", dir.path("s.hfsweep"), "--json"]))
        #expect(JSONTypes.kinds(sweep) == ["address": .string, "added": .boolean, "file": .string, "walletId": .string])
        let watched = json(try loop.watch(["import", dir.path("s.hfsweep"), "--json"]))
        #expect(JSONTypes.kinds(watched) == JSONTypes.kinds(imported) && watched["kind"] as? String == "hfsweep")

        // A paymail payment: resolve, send, pending, broadcast, then its BEEF once mined.
        let resolved = json(try loop.watch([
            "paymail", "resolve", "carol@example.com", "--amount", "30001", "--out", dir.path("carol.hfpayreq"), "--json",
        ]))
        #expect(JSONTypes.kinds(resolved) == [
            "file": .string, "outputs": .array, "paymail": .string, "pubkey": .string, "reference": .string,
            "satoshis": .number,
        ])
        let outputs = resolved["outputs"] as? [[String: Any]] ?? []
        #expect(outputs.count == 2)
        for output in outputs {
            #expect(JSONTypes.kinds(output) == ["address": .string, "satoshis": .number, "script": .string])
        }
        let sent = json(try loop.sign(
            ["send", "--request", dir.path("carol.hfpayreq"), "--out", dir.path("carol.hftx"), "--yes", "--json"]))
        #expect(JSONTypes.mismatches(sent, ["fee": .number, "pendingId": .string, "txid": .string]) == [])
        let txid = sent["txid"] as? String ?? ""
        let pending = try loop.sign(["pending", "list", "--json"])
        #expect(pending.exitCode == 0, "stderr: \(pending.stderr)")
        let entries = JSONTypes.objects(pending.stdout)
        #expect(entries.count == 1)
        for entry in entries {
            #expect(JSONTypes.kinds(entry) == [
                "pendingId": .string, "txid": .string, "createdAt": .string, "sent": .number, "recipients": .array,
                "fee": .number, "change": .number,
            ])
        }
        let broadcast = json(try loop.watch(["broadcast", dir.path("carol.hftx"), "--json"]))
        #expect(JSONTypes.kinds(broadcast) == ["status": .string, "txid": .string, "via": .string])
        _ = try loop.chain.mine(1)
        try loop.syncToSigner(receipts: "r2")
        let beef = json(try loop.watch(["export", "beef", txid, "--out", dir.path("carol.beef"), "--json"]))
        #expect(JSONTypes.kinds(beef) == [
            "bumps": .number, "file": .string, "mined": .boolean, "transactions": .number, "txid": .string,
        ])
        #expect(beef["mined"] as? Bool == true && beef["bumps"] as? Int == 1)
        let receipts = try FileManager.default.contentsOfDirectory(atPath: dir.path("r2")).sorted()
        #expect(!receipts.isEmpty)
        let verified = json(try loop.sign(["receipt", "verify", dir.path("r2") + "/" + (receipts.first ?? ""), "--json"]))
        #expect(JSONTypes.kinds(verified) == ["blockHeight": .number, "txid": .string, "verdict": .string])

        // A paymail delivery to the host.
        #expect(try loop.watch(
            ["paymail", "resolve", "bob@example.com", "--amount", "12345", "--out", dir.path("bob.hfpayreq")]).exitCode == 0)
        let paid = try loop.sign(["send", "--request", dir.path("bob.hfpayreq"), "--out", dir.path("bob.hftx"), "--yes"])
        #expect(paid.exitCode == 0, "stderr: \(paid.stderr)")
        let delivered = json(try loop.watch(
            ["paymail", "deliver", dir.path("bob.hfpayreq"), dir.path("bob.hftx"), "--json"]))
        #expect(JSONTypes.kinds(delivered) == ["paymail": .string, "txid": .string, "via": .string])

        // A login: the signer's answer, the watcher's delivery.
        let payload = try loop.challenge(router: loop.router, port: loop.port)
        let approved = json(try loop.sign(
            ["auth", "approve", "--payload-file", "-", "--out", dir.path("a.hfauth"), "--yes", "--json"],
            stdin: payload + "\n"))
        #expect(JSONTypes.kinds(approved) == [
            "callback": .string, "domain": .string, "file": .string, "identityKey": .string,
        ])
        let login = json(try loop.watch(["auth", "deliver", dir.path("a.hfauth"), "--json"]))
        #expect(JSONTypes.kinds(login) == [
            "callback": .string, "domain": .string, "identityKey": .string, "status": .number,
        ])
    }
}
