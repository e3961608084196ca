import Foundation
import HFBundles
import HFDevnet
import HFPrimitives
import HFTestSupport
import Testing

/// Paymail and hfauth end to end on the built binaries against an in-process devnet on loopback.
@Suite struct PaymailLoopTests {
    let dir: TemporaryDirectory
    let passphrase: String
    let chain = DevnetChain()
    let router: HTTPRouter
    let server: HTTPServer
    let port: UInt16

    /// The directory holding both homes: `dir` itself, or a symbolic link in it to another directory.
    let homes: String

    init() throws { try self.init(homesUnderALink: false) }

    /// With `homesUnderALink`, both homes live under `dir/plink`, a symbolic link to `dir/disk` (a `/home` on
    /// another disk, issue 14).
    init(homesUnderALink: Bool) throws {
        dir = try TemporaryDirectory()
        passphrase = try dir.write("store.pw", "pw")
        if homesUnderALink {
            try FileManager.default.createDirectory(atPath: dir.path("disk"), withIntermediateDirectories: false)
            try FileManager.default.createSymbolicLink(atPath: dir.path("plink"), withDestinationPath: dir.path("disk"))
            homes = dir.path("plink")
        } else {
            homes = dir.url.path
        }
        router = DevnetAPI.router(for: chain)
        server = HTTPServer(handler: router.handler)
        port = try server.start()
    }

    var url: String { "http://127.0.0.1:\(port)" }

    func sign(_ arguments: [String], stdin: String? = nil) throws -> BuiltTool.Result {
        try BuiltTool("hf-signer").run(
            ["--home", homes + "/signer", "--network", "regtest", "--passphrase-file", passphrase] + arguments,
            stdin: stdin)
    }

    func watch(_ arguments: [String]) throws -> BuiltTool.Result {
        try BuiltTool("hf-watcher").run(["--home", homes + "/watcher", "--network", "regtest"] + arguments)
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A signer wallet funded with `satoshis` (proved to it), and a watcher pointed at the devnet.
    func fundedWallet(_ satoshis: UInt64) throws {
        #expect(try sign(["init"]).exitCode == 0)
        #expect(try sign(["wallet", "create", "--mnemonic-out", dir.path("m")]).exitCode == 0)
        let identity = try json(sign(["wallet", "show", "--json"]).stdout)["identityKey"] as! String
        #expect(try sign(["export", "addrpack", "--out", dir.path("p.hfaddrpack")]).exitCode == 0)
        #expect(try watch(["init"]).exitCode == 0)
        #expect(try watch(["config", "set", "devnet", url]).exitCode == 0)
        #expect(try watch(["config", "set", "net.attempts", "1"]).exitCode == 0)
        #expect(try watch(["import", dir.path("p.hfaddrpack"), "--trust-identity", identity]).exitCode == 0)
        let list = try sign(["address", "list", "--count", "1", "--json"])
        let address = try (JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as! [[String: Any]])[0]["address"] as! String
        _ = try chain.fund(address: Address(string: address, network: .regtest), satoshis: satoshis)
        try syncToSigner(receipts: "r1")
    }

    /// Watcher sync, then the signer imports the new headers and receipts.
    func syncToSigner(receipts: String) throws {
        #expect(try watch(["sync"]).exitCode == 0)
        let tip = try json(sign(["headers", "status", "--json"]).stdout)["validatedTipHeight"] as! Int
        #expect(try watch(["export", "headers", "--from", String(tip + 1), "--out", dir.path(receipts + ".hfheaders")]).exitCode == 0)
        #expect(try watch(["export", "receipts", "--since", String(tip + 1), "--out-dir", dir.path(receipts)]).exitCode == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path(receipts)).map { dir.path(receipts) + "/" + $0 }
        let imported = try sign(["import", dir.path(receipts + ".hfheaders")] + files)
        #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
    }

    @Test func paymailResolveSendBroadcastMined() throws {
        try fundedWallet(100_000)
        let resolved = try watch([
            "paymail", "resolve", "Carol@Example.com", "--amount", "30001", "--out", dir.path("carol.hfpayreq"), "--json",
        ])
        #expect(resolved.exitCode == 0, "stderr: \(resolved.stderr)")
        let summary = try json(resolved.stdout)
        #expect(summary["paymail"] as? String == "carol@example.com")
        #expect(summary["satoshis"] as? Int == 30001)
        #expect((summary["outputs"] as? [Any])?.count == 2)
        let request = try PaymentRequestBundle(
            decoding: Array(try Data(contentsOf: URL(fileURLWithPath: dir.path("carol.hfpayreq")))), expectedNetwork: .regtest)
        #expect(request.outputs.map(\.satoshis.satoshis) == [15001, 15000])
        let inspected = try sign(["bundle", "inspect", dir.path("carol.hfpayreq"), "--json"])
        #expect(inspected.stdout.contains("\"paymail\":\"carol@example.com\""))

        let sent = try sign(["send", "--request", dir.path("carol.hfpayreq"), "--out", dir.path("pay.hftx"), "--yes", "--json"])
        #expect(sent.exitCode == 0, "stderr: \(sent.stderr)")
        #expect(sent.stderr.contains("payment request: 0.00030001 BSV (30,001 sat) to carol@example.com "))
        let txid = try json(sent.stdout)["txid"] as! String
        let broadcast = try watch(["broadcast", dir.path("pay.hftx"), "--json"])
        #expect(broadcast.exitCode == 0, "stderr: \(broadcast.stderr)")
        _ = try chain.mine(1)
        #expect(chain.status(of: try Txid(displayHex: txid)).confirmation != nil)
        let paid = [0, 1].map { index in
            chain.unspentOutputs(of: DevnetPaymail.address(alias: "carol", index: UInt8(index))).map(\.satoshis)
        }
        #expect(paid == [[15001], [15000]])

        // The signer learns the spend is confirmed, like any other.
        try syncToSigner(receipts: "r2")
        let pending = try sign(["pending", "list", "--json"])
        #expect(!pending.stdout.contains(txid) || pending.stdout.contains("confirmed"))
    }

    @Test func paymailDeliveryToTheHost() throws {
        try fundedWallet(60_000)
        #expect(try watch(["paymail", "resolve", "bob@example.com", "--amount", "12345", "--out", dir.path("bob.hfpayreq")]).exitCode == 0)
        #expect(try watch(["paymail", "resolve", "alice@example.com", "--amount", "12345", "--out", dir.path("alice.hfpayreq")]).exitCode == 0)
        let sent = try sign(["send", "--request", dir.path("bob.hfpayreq"), "--out", dir.path("bob.hftx"), "--yes", "--json"])
        #expect(sent.exitCode == 0, "stderr: \(sent.stderr)")
        // The transaction does not pay alice's request: refused before anything is sent.
        let mismatched = try watch(["paymail", "deliver", dir.path("alice.hfpayreq"), dir.path("bob.hftx")])
        #expect(mismatched.exitCode == 65)
        #expect(chain.mempool.count == 0)
        let delivered = try watch(["paymail", "deliver", dir.path("bob.hfpayreq"), dir.path("bob.hftx"), "--json"])
        #expect(delivered.exitCode == 0, "stderr: \(delivered.stderr)")
        #expect(try json(delivered.stdout)["via"] as? String == "paymail")
        #expect(chain.mempool.count == 1)
        _ = try chain.mine(1)
        #expect(chain.unspentOutputs(of: DevnetPaymail.address(alias: "bob")).map(\.satoshis) == [12345])
        // The reference is used up: a second delivery is refused by the host.
        #expect(try watch(["paymail", "deliver", dir.path("bob.hfpayreq"), dir.path("bob.hftx")]).exitCode == 65)
    }

    @Test func paymailFailuresWriteNothing() throws {
        #expect(try watch(["init"]).exitCode == 0)
        #expect(try watch(["config", "set", "devnet", url]).exitCode == 0)
        #expect(try watch(["config", "set", "net.attempts", "1"]).exitCode == 0)
        let unknown = try watch(["paymail", "resolve", "dave@example.com", "--amount", "5", "--out", dir.path("x")])
        #expect(unknown.exitCode == 75)
        #expect(unknown.stderr.contains("404"))
        let malformed = try watch(["paymail", "resolve", "not a paymail", "--amount", "5", "--out", dir.path("x")])
        #expect(malformed.exitCode == 65)
        #expect(!FileManager.default.fileExists(atPath: dir.path("x")))
    }

    @Test func sendRequestRefusesWhatItCannotPay() throws {
        #expect(try sign(["init"]).exitCode == 0)
        #expect(try sign(["wallet", "create", "--mnemonic-out", dir.path("m")]).exitCode == 0)
        let key = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
        let p2sh = "a914" + String(repeating: "22", count: 20) + "87"
        let request = try dir.write(
            "r.hfpayreq",
            #"{"createdAt":"2026-01-01T00:00:00Z","format":"hfpayreq","network":"regtest","outputs":[{"satoshis":5,"script":"\#(p2sh)"}],"paymail":"a@b.cd","pubkey":"\#(key)","reference":"x","version":1}"#)
        let refused = try sign(["send", "--request", request, "--out", dir.path("t.hftx"), "--yes"])
        #expect(refused.exitCode == 65)
        #expect(refused.stderr.contains("P2PKH"))
        let wrongNetwork = try dir.write(
            "w.hfpayreq", try String(contentsOfFile: request, encoding: .utf8).replacingOccurrences(of: "regtest", with: "main"))
        #expect(try sign(["send", "--request", wrongNetwork, "--out", dir.path("t.hftx"), "--yes"]).exitCode == 65)
        let both = try sign(["send", "--yes", "--request", request, "--to", "x", "--out", dir.path("t.hftx")])
        #expect(both.exitCode == 64)
        #expect(!FileManager.default.fileExists(atPath: dir.path("t.hftx")))
    }

    /// The service's fresh challenge for this server, as a page would show it.
    func challenge(router: HTTPRouter, port: UInt16) throws -> String {
        let reply = router.respond(
            to: HTTPRequest(method: "GET", path: "/auth/challenge", headers: ["Host": "127.0.0.1:\(port)"]))
        return try json(String(decoding: reply.body, as: UTF8.self))["payload"] as! String
    }

    @Test func authApproveDeliverVerified() throws {
        #expect(try sign(["init"]).exitCode == 0)
        #expect(try sign(["wallet", "create", "--mnemonic-out", dir.path("m")]).exitCode == 0)
        let identity = try json(sign(["wallet", "show", "--json"]).stdout)["identityKey"] as! String
        #expect(try watch(["init"]).exitCode == 0)
        #expect(try watch(["config", "set", "net.attempts", "1"]).exitCode == 0)
        let payload = try challenge(router: router, port: port)
        let approved = try sign(["auth", "approve", "--payload-file", "-", "--out", dir.path("a.hfauth"), "--yes", "--json"],
            stdin: payload + "\n")
        #expect(approved.exitCode == 0, "stderr: \(approved.stderr)")
        #expect(approved.stderr.contains("login request from 127.0.0.1"))
        #expect(try json(approved.stdout)["identityKey"] as? String == identity)

        let delivered = try watch(["auth", "deliver", dir.path("a.hfauth"), "--json"])
        #expect(delivered.exitCode == 0, "stderr: \(delivered.stderr)")
        #expect(try json(delivered.stdout)["status"] as? Int == 200)
        let sessions = router.respond(to: HTTPRequest(method: "GET", path: "/auth/sessions"))
        #expect(String(decoding: sessions.body, as: UTF8.self).contains(identity))

        // Replayed: the challenge is used up.
        let replayed = try watch(["auth", "deliver", dir.path("a.hfauth")])
        #expect(replayed.exitCode == 65)
        #expect(replayed.stderr.contains("already used"))

        // Replayed to another service's callback: refused there (the signed callback is not its own).
        let other = DevnetAPI.router(for: chain)
        let answer = try Data(contentsOf: URL(fileURLWithPath: dir.path("a.hfauth")))
        let elsewhere = other.respond(
            to: HTTPRequest(method: "POST", path: "/auth/callback", headers: ["Host": "127.0.0.1:1"], body: Array(answer)))
        #expect(elsewhere.status == 400)

        // The callback rewritten to another URL: the signature no longer verifies, the watcher sends nothing.
        let fresh = try challenge(router: router, port: port)
        #expect(try sign(["auth", "approve", "--text", fresh, "--out", dir.path("b.hfauth"), "--yes"]).exitCode == 0)
        let text = try String(contentsOfFile: dir.path("b.hfauth"), encoding: .utf8)
        let moved = try dir.write("c.hfauth", text.replacingOccurrences(of: "/auth/callback", with: "/auth/callbacks"))
        let tampered = try watch(["auth", "deliver", moved])
        #expect(tampered.exitCode == 65)
        #expect(tampered.stderr.contains("signature"))

        // A signature over another challenge, posted straight to the service: 401, and the challenge stays unused.
        let third = try challenge(router: router, port: port)
        #expect(try sign(["auth", "approve", "--yes", "--text", third, "--out", dir.path("e.hfauth")]).exitCode == 0)
        var forged = try json(String(contentsOfFile: dir.path("e.hfauth"), encoding: .utf8))
        forged["signature"] = try json(text)["signature"]
        let forgedBody = try JSONSerialization.data(withJSONObject: forged)
        let refusedForgery = router.respond(
            to: HTTPRequest(method: "POST", path: "/auth/callback", headers: ["Host": "127.0.0.1:\(port)"], body: Array(forgedBody)))
        #expect(refusedForgery.status == 401)
        #expect(try watch(["auth", "deliver", dir.path("e.hfauth")]).exitCode == 0, "the genuine answer still works")

        // The signer's inspector reads the answer and checks its signature.
        let inspected = try sign(["bundle", "inspect", dir.path("a.hfauth"), "--json"])
        #expect(inspected.stdout.contains("\"kind\":\"hfauth\""))
        #expect(inspected.stdout.contains("\"signature\":\"valid\""))

        // A callback nobody answers: the watcher says so (75), and may try again later.
        let down = try RefusingPort()
        let unreachable = "hfauth:?v=1&challenge=AAAAAAAAAAAAAAAAAAAAAA&domain=127.0.0.1&callback=http://127.0.0.1:\(down.port)/cb"
        #expect(try sign(["auth", "approve", "--yes", "--text", unreachable, "--out", dir.path("d.hfauth")]).exitCode == 0)
        #expect(try watch(["auth", "deliver", dir.path("d.hfauth")]).exitCode == 75)
    }

    @Test(arguments: [
        "http://example.com/?v=1",
        "hfauth:?v=1&challenge=AAAAAAAAAAAAAAAAAAAAAA&domain=example.com&callback=https://evil.example/cb",
        "hfauth:?v=1&challenge=AAAAAAAAAAAAAAAAAAAAAA&domain=example.com&callback=http://example.com/cb",
        "hfauth:?v=2&challenge=AAAAAAAAAAAAAAAAAAAAAA&domain=example.com&callback=https://example.com/cb",
        "hfauth:?v=1&challenge=AAAA&domain=example.com&callback=https://example.com/cb",
    ])
    func authRejections(payload: String) throws {
        #expect(try sign(["init"]).exitCode == 0)
        #expect(try sign(["wallet", "create", "--mnemonic-out", dir.path("m")]).exitCode == 0)
        let refused = try sign(["auth", "approve", "--text", payload, "--out", dir.path("x.hfauth"), "--yes"])
        #expect(refused.exitCode == 65, "stderr: \(refused.stderr)")
        #expect(refused.stderr.hasPrefix("error:"))
        #expect(!FileManager.default.fileExists(atPath: dir.path("x.hfauth")))
    }
}
