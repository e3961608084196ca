import Foundation
import HFBundles
import HFPrimitives
import HFTestSupport
import Testing

/// The pay view's outputs through the whole loop on hf-devnet: a transaction with two payments, a custom script, a
/// data output of several pushes and a B:// upload, then a data-only transaction spending its change — each signed
/// by the signer, broadcast by the watcher, accepted by the devnet's mempool (which checks every output's amount
/// rule and every input's signature) and mined.
@Suite struct SendOutputsLoopTests: RegtestHomes {
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

    /// Broadcasts `hftx`, mines a block, and brings the mined transaction's BEEF and headers back to the signer.
    func broadcastMineAndConfirm(_ hftx: String, devnet: BuiltTool, url: String) throws -> String {
        let broadcast = try watch(["broadcast", hftx, "--json"])
        #expect(broadcast.exitCode == 0, "the devnet's mempool accepts it; stderr: \(broadcast.stderr)")
        let txid = try object(broadcast.stdout)["txid"] as? String ?? ""
        #expect(try devnet.run(["mine", "1", "--url", url]).exitCode == 0)
        #expect(try watch(["sync"]).exitCode == 0)
        let beef = dir.path("\(txid.prefix(8)).beef")
        let export = try watch(["export", "beef", txid, "--out", beef, "--json"])
        #expect(export.exitCode == 0, "stderr: \(export.stderr)")
        #expect(try object(export.stdout)["mined"] as? Bool == true, "mined")
        let confirmed = try sign(["import", headers("\(txid.prefix(8)).hfheaders"), beef])
        #expect(confirmed.exitCode == 0, "stderr: \(confirmed.stderr)")
        return txid
    }

    @Test func everyOutputKindIsAcceptedByTheMempoolAndMined() throws {
        #expect(try sign(["init"]).exitCode == 0)
        #expect(try sign(["wallet", "create", "--mnemonic-out", dir.path("m")]).exitCode == 0)
        let identity = try object(sign(["wallet", "show", "--json"]).stdout)["identityKey"] as! String
        #expect(try sign(["export", "addrpack", "--out", dir.path("p.hfaddrpack")]).exitCode == 0)
        let serve = try ServeProcess(state: dir.path("devnet"))
        defer { _ = serve.terminate() }
        #expect(try watch(["init"]).exitCode == 0)
        #expect(try watch(["config", "set", "net.attempts", "1"]).exitCode == 0)
        #expect(try watch(["config", "set", "devnet", serve.url]).exitCode == 0)
        #expect(try watch(["config", "set", "arc.url", serve.url + "/arc"]).exitCode == 0)
        #expect(try watch(["import", dir.path("p.hfaddrpack"), "--trust-identity", identity]).exitCode == 0)
        let list = try sign(["address", "list", "--count", "1", "--json"])
        let address = try (JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as! [[String: Any]])[0]["address"] as! String
        let devnet = BuiltTool("hf-devnet")
        let fund = try devnet.run(["fund", address, "80000", "--url", serve.url, "--json"])
        #expect(fund.exitCode == 0, "stderr: \(fund.stderr)")
        let funding = try object(fund.stdout)["txid"] as! String
        #expect(try watch(["sync"]).exitCode == 0)
        #expect(try watch(["export", "beef", funding, "--out", dir.path("fund.beef")]).exitCode == 0)
        #expect(try sign(["import", headers("h0.hfheaders"), dir.path("fund.beef")]).exitCode == 0)

        let alice = try Address(hash160: [UInt8](repeating: 0x41, count: 20), network: .regtest).string
        let bob = try Address(hash160: [UInt8](repeating: 0x42, count: 20), network: .regtest).string
        let png = dir.path("dot.png")
        try Data(TinyPNG.bytes).write(to: URL(fileURLWithPath: png))
        let all = dir.path("all.hftx")
        let send = try sign([
            "send", "--to", alice, "--amount", "6000", "--script", "5252935487", "--amount", "1500",
            "--to", bob, "--amount", "7000", "--data", "68656c6c6f", "--data", "00ff00", "--upload", png,
            "--out", all, "--yes",
        ])
        #expect(send.exitCode == 0, "stderr: \(send.stderr)")
        let bundle = try TransactionBundle(
            decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: all))), expectedNetwork: .regtest)
        let tx = try Transaction(bytes: bundle.rawTx)
        #expect(tx.outputs.map(\.satoshis).prefix(5) == [6000, 1500, 7000, 0, 0])
        let mined = try broadcastMineAndConfirm(all, devnet: devnet, url: serve.url)
        #expect(mined == tx.txid.displayHex)

        // A data-only transaction spending the confirmed change: nobody is paid, the change pays the fee.
        let dataOnly = dir.path("data.hftx")
        let data = try sign(["send", "--data", "6f6e6c79", "--upload", png, "--out", dataOnly, "--yes", "--json"])
        #expect(data.exitCode == 0, "stderr: \(data.stderr)")
        let second = try Transaction(bytes: TransactionBundle(
            decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: dataOnly))), expectedNetwork: .regtest).rawTx)
        #expect(second.outputs.count == 3 && second.outputs.prefix(2).allSatisfy { $0.satoshis == 0 })
        #expect(second.inputs.map(\.previousOutput.txid) == [tx.txid], "spends the first one's change")
        #expect(try broadcastMineAndConfirm(dataOnly, devnet: devnet, url: serve.url) == second.txid.displayHex)
        let balance = try object(sign(["balance", "--json"]).stdout)
        #expect(balance["pendingOut"] as? Int == 0)
        #expect(balance["confirmed"] as? Int == Int(second.outputs[2].satoshis))
    }
}
