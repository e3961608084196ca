import Foundation
import HFPrimitives
import HFTestSupport
import Testing

/// The air-gap loop with BEEF on hf-devnet: the watcher exports Atomic BEEF of a payment to the signer and of the
/// signer's own spend; the signer accepts them only when every BUMP root is in its own headers.
@Suite struct BeefLoopTests: RegtestHomes {
    let dir: TemporaryDirectory
    let passphrase: String

    init() throws {
        dir = try TemporaryDirectory()
        passphrase = try dir.write("store.pw", "pw")
    }

    func object(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    }

    /// Exports the signer's missing headers from the watcher and returns the file.
    func headers(_ name: String) throws -> String {
        let tip = try object(sign(["headers", "status", "--json"]).stdout)["validatedTipHeight"] as! Int
        let result = try watch(["export", "headers", "--from", String(tip + 1), "--out", dir.path(name)])
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        return dir.path(name)
    }

    @Test func watcherBeefIsAcceptedBySignerOnlyWhenItsRootsAreInTheChain() throws {
        #expect(try sign(["init"]).exitCode == 0)
        #expect(try sign(["wallet", "create", "--mnemonic-out", dir.path("m")]).exitCode == 0)
        let identity = try object(sign(["wallet", "show", "--json"]).stdout)["identityKey"] as! String
        #expect(try sign(["export", "addrpack", "--out", dir.path("p.hfaddrpack")]).exitCode == 0)
        let serve = try ServeProcess(state: dir.path("devnet"))
        defer { _ = serve.terminate() }
        #expect(try watch(["init"]).exitCode == 0)
        #expect(try watch(["config", "set", "net.attempts", "1"]).exitCode == 0)
        #expect(try watch(["config", "set", "devnet", serve.url]).exitCode == 0)
        #expect(try watch(["import", dir.path("p.hfaddrpack"), "--trust-identity", identity]).exitCode == 0)
        let list = try sign(["address", "list", "--count", "1", "--json"])
        let address = try (JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as! [[String: Any]])[0]["address"] as! String
        let devnet = BuiltTool("hf-devnet")
        let fund = try devnet.run(["fund", address, "30000", "--url", serve.url, "--json"])
        #expect(fund.exitCode == 0, "stderr: \(fund.stderr)")
        let funding = try object(fund.stdout)["txid"] as! String
        #expect(try watch(["sync"]).exitCode == 0)

        // A payment to the signer, mined: exported as Atomic BEEF, refused before the signer has the headers.
        let export = try watch(["export", "beef", funding, "--out", dir.path("fund.beef"), "--json"])
        #expect(export.exitCode == 0, "stderr: \(export.stderr)")
        #expect(try object(export.stdout)["mined"] as? Bool == true)
        let unknown = try watch(["export", "beef", String(repeating: "ab", count: 32), "--out", dir.path("unknown.beef")])
        #expect(unknown.exitCode == 65)
        #expect(unknown.stderr.contains("not known to the watcher or WhatsOnChain"), "stderr: \(unknown.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("unknown.beef")))
        #expect(try watch(["export", "beef", "xyz", "--out", dir.path("bad.beef")]).exitCode == 64)
        #expect(try watch(["export", "beef", funding, "--out", dir.path("fund.beef")]).exitCode == 73, "never overwrites")
        let early = try sign(["import", dir.path("fund.beef")])
        #expect(early.exitCode == 65)
        #expect(early.stderr.contains("not in the local validated chain"), "stderr: \(early.stderr)")
        #expect(try sign(["balance", "--json"]).stdout.contains("\"confirmed\":0,"))
        // Tampered (a byte of the transaction): refused, nothing stored.
        var tampered = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.path("fund.beef"))))
        tampered[tampered.count - 12] ^= 0x01
        #expect(try sign(["import", headers("h1.hfheaders")]).exitCode == 0)
        try Data(tampered).write(to: URL(fileURLWithPath: dir.path("tampered-binary.beef")))
        let refusedBinary = try sign(["import", dir.path("tampered-binary.beef")])
        #expect(refusedBinary.exitCode == 65)
        #expect(refusedBinary.stderr.contains("is not at level 0 of BUMP 0"), "stderr: \(refusedBinary.stderr)")
        #expect(try sign(["balance", "--json"]).stdout.contains("\"confirmed\":0,"))
        // With the headers, the genuine file is accepted and the balance reflects it.
        let accepted = try sign(["import", dir.path("fund.beef"), "--json"])
        #expect(accepted.exitCode == 0, "stderr: \(accepted.stderr)")
        #expect(accepted.stdout.contains("\"kind\":\"atomic-beef\",\"received\":30000,\"txid\":\"\(funding)\""))
        #expect(try sign(["balance", "--json"]).stdout.contains("\"confirmed\":30000,"))

        // The signer's own spend, broadcast and not yet mined: the BEEF carries its proven parent; the signer
        // credits only mined subjects, so it refuses it and the spend stays pending.
        let friend = try Address(hash160: [UInt8](repeating: 5, count: 20), network: .regtest).string
        #expect(try sign(["send", "--to", friend, "--amount", "1000", "--out", dir.path("pay.hftx"), "--yes"]).exitCode == 0)
        #expect(try watch(["config", "set", "arc.url", serve.url + "/arc"]).exitCode == 0)
        let broadcast = try watch(["broadcast", dir.path("pay.hftx"), "--json"])
        #expect(broadcast.exitCode == 0, "stderr: \(broadcast.stderr)")
        let spend = try object(broadcast.stdout)["txid"] as! String
        let unmined = try watch(["export", "beef", spend, "--out", dir.path("spend-unmined.beef"), "--hex", "--json"])
        #expect(unmined.exitCode == 0, "stderr: \(unmined.stderr)")
        let summary = try object(unmined.stdout)
        #expect(summary["mined"] as? Bool == false)
        #expect(summary["transactions"] as? Int == 2)
        #expect(summary["bumps"] as? Int == 1)
        let notMined = try sign(["import", dir.path("spend-unmined.beef")])
        #expect(notMined.exitCode == 65)
        #expect(notMined.stderr.contains("not mined yet"))

        // Mined: the new BEEF confirms the spend once the headers are in.
        #expect(try devnet.run(["mine", "1", "--url", serve.url]).exitCode == 0)
        #expect(try watch(["sync"]).exitCode == 0)
        let mined = try watch(["export", "beef", spend, "--out", dir.path("spend.beef"), "--json"])
        #expect(mined.exitCode == 0, "stderr: \(mined.stderr)")
        #expect(try object(mined.stdout)["transactions"] as? Int == 1)
        let confirmed = try sign(["import", headers("h2.hfheaders"), dir.path("spend.beef"), "--json"])
        #expect(confirmed.exitCode == 0, "stderr: \(confirmed.stderr)")
        let balance = try object(sign(["balance", "--json"]).stdout)
        #expect(balance["pendingOut"] as? Int == 0)
        #expect((balance["confirmed"] as? Int ?? 0) > 28_000)
        #expect((balance["confirmed"] as? Int ?? 0) < 29_000)
    }
}
