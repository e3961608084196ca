import Foundation
import HFPrimitives
import HFTestSupport
import Testing

/// Issue 32's `wallet move` across the air gap on hf-devnet: a Centbee-preset wallet paid on its receive and change
/// chains is emptied into a Type42 wallet of the same home with `wallet move`; the watcher broadcasts the `.hftx`,
/// the block is mined, and after the receipts both wallets' balances are right on the signer and the watcher.
@Suite struct WalletMoveLoopTests: RegtestHomes {
    let dir: TemporaryDirectory
    let passphrase: String

    init() throws {
        dir = try TemporaryDirectory()
        passphrase = try dir.write("store.pw", "pw")
    }

    func object(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
    }

    func address(_ wallet: String, chain: String, index: Int) throws -> String {
        let list = try sign(
            ["address", "list", "--wallet", wallet, "--chain", chain, "--start", String(index), "--count", "1",
             "--json"])
        let entry = (try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])?.first
        return entry?["address"] as? String ?? ""
    }

    /// Headers past the signer's tip and every receipt since, as files for `hf-signer import`.
    func export(_ name: String) throws -> [String] {
        let tip = object(try sign(["headers", "status", "--json"]).stdout)["validatedTipHeight"] as? Int ?? 0
        let headers = dir.path(name + ".hfheaders")
        #expect(try watch(["export", "headers", "--from", String(tip + 1), "--out", headers]).exitCode == 0)
        let exported = try watch(["export", "receipts", "--since", String(tip + 1), "--out-dir", dir.path(name)])
        #expect(exported.exitCode == 0, "stderr: \(exported.stderr)")
        let receipts = (try? FileManager.default.contentsOfDirectory(atPath: dir.path(name))) ?? []
        return [headers] + receipts.sorted().map { dir.path(name) + "/" + $0 }
    }

    /// Imports `files` into each wallet of `wallets` (a receipt is applied to the wallet named).
    func importInto(_ wallets: [String], _ files: [String]) throws {
        for wallet in wallets {
            let result = try sign(["import", "--wallet", wallet] + files)
            #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        }
    }

    func balance(_ wallet: String) throws -> [String: Any] {
        object(try sign(["balance", "--wallet", wallet, "--json"]).stdout)
    }

    /// The two wallets, the move's fee and the files (headers and receipts) that carry the mined move.
    struct Moved {
        let centbee: String
        let type42: String
        let fee: Int
        let files: [String]
    }

    /// A Centbee wallet paid 65,000 sat on two chains, moved into a Type42 wallet of the same home; the move is
    /// broadcast and mined, and its headers and receipts exported (`r2`).
    func moved(_ serve: ServeProcess) throws -> Moved {
        try setUp(try sign(["init"]), "sign init")
        let phrase = try dir.write(
            "centbee", "legal winner thank year wave sausage worth useful legal winner thank yellow")
        let pin = try dir.write("pin", "4821")
        let centbee = object(try sign(
            ["wallet", "import", "--mnemonic-file", phrase, "--bip39-passphrase-file", pin, "--preset", "centbee",
             "--json"]).stdout)["walletId"] as? String ?? ""
        let created = try sign(
            ["wallet", "create", "--derivation", "type42", "--mnemonic-out", dir.path("m"), "--json"])
        try setUp(created, "sign wallet create")
        let type42 = object(created.stdout)["walletId"] as? String ?? ""
        #expect(!centbee.isEmpty && !type42.isEmpty && centbee != type42)

        let devnet = BuiltTool("hf-devnet")
        try setUp(try watch(["init"]), "watch init")
        try setUp(try watch(["config", "set", "devnet", serve.url]), "watch config set")
        try setUp(try watch(["config", "set", "arc.url", serve.url + "/arc"]), "watch config set arc.url")
        for wallet in [centbee, type42] {
            let identity = object(try sign(["wallet", "show", "--wallet", wallet, "--json"]).stdout)["identityKey"]
                as? String ?? ""
            let pack = dir.path(wallet + ".hfaddrpack")
            try setUp(try sign(["export", "addrpack", "--wallet", wallet, "--out", pack]), "sign export addrpack")
            try setUp(try watch(["import", pack, "--trust-identity", identity]), "watch import \(wallet)")
        }
        #expect(try devnet.run(["fund", try address(centbee, chain: "receive", index: 1), "40000", "--url", serve.url])
            .exitCode == 0)
        #expect(try devnet.run(["fund", try address(centbee, chain: "change", index: 0), "25000", "--url", serve.url])
            .exitCode == 0)
        #expect(try watch(["sync"]).exitCode == 0)
        try importInto([centbee], try export("r1"))
        #expect(try balance(centbee)["confirmed"] as? Int == 65_000)

        let out = dir.path("move.hftx")
        let moved = try sign(["wallet", "move", "--from", centbee, "--to", type42, "--out", out, "--yes", "--json"])
        #expect(moved.exitCode == 0, "stderr: \(moved.stderr)")
        let result = object(moved.stdout)
        let fee = result["fee"] as? Int ?? -1
        let outputs = (result["review"] as? [String: Any])?["outputs"] as? [[String: Any]] ?? []
        #expect(outputs.count == 3)
        #expect(outputs.allSatisfy { $0["owner"] as? String == "wallet" && $0["walletId"] as? String == type42 })
        #expect(outputs.allSatisfy { $0["scheme"] as? String == "type42" }, "\(outputs)")

        let broadcast = try watch(["broadcast", out, "--json"])
        #expect(broadcast.exitCode == 0, "stderr: \(broadcast.stderr)")
        #expect(try devnet.run(["mine", "1", "--url", serve.url]).exitCode == 0)
        #expect(try watch(["sync"]).exitCode == 0)
        return Moved(centbee: centbee, type42: type42, fee: fee, files: try export("r2"))
    }

    /// Both wallets' balances once the move's receipt is in.
    func expectMoved(_ moved: Moved) throws {
        let source = try balance(moved.centbee)
        #expect(source["confirmed"] as? Int == 0)
        #expect(source["pendingOut"] as? Int == 0)
        let destination = try balance(moved.type42)
        #expect(destination["confirmed"] as? Int == 65_000 - moved.fee)
        #expect(destination["utxoCount"] as? Int == 3)
    }

    @Test func aCentbeeWalletIsMovedIntoAType42Wallet() throws {
        let serve = try ServeProcess(state: dir.path("devnet"))
        defer { _ = serve.terminate() }
        let moved = try moved(serve)
        try importInto([moved.centbee, moved.type42], moved.files)
        try expectMoved(moved)
        #expect(try sign(["wallet", "show", "--wallet", moved.centbee]).exitCode == 0, "the emptied wallet stays")
    }

    /// Issue 32: without `--wallet` the move's receipt goes to both wallets of the home at once, the one it spends
    /// from and the one it pays, and the output says which got what.
    @Test func onePlainImportAppliesTheMoveToBothWallets() throws {
        let serve = try ServeProcess(state: dir.path("devnet"))
        defer { _ = serve.terminate() }
        let moved = try moved(serve)
        let receipts = moved.files.filter { $0.hasSuffix(".hfreceipt") }
        #expect(receipts.count == 1)
        let imported = try sign(["import"] + moved.files + ["--json"])
        #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
        let line = imported.stdout.split(separator: "\n").map(String.init).last ?? ""
        #expect(Set(object(line)["wallets"] as? [String] ?? []) == [moved.centbee, moved.type42], "\(line)")
        try expectMoved(moved)
        let again = try sign(["import"] + receipts)
        #expect(again.exitCode == 0, "stderr: \(again.stderr)")
        #expect(again.stdout.contains("by wallet \(moved.centbee.prefix(16)) (already imported)"), "\(again.stdout)")
        #expect(again.stdout.contains("received by wallet \(moved.type42.prefix(16)) (already imported)"))
    }

    /// A `send` from one wallet of the home to another's address shows that wallet as the owner in the review (it
    /// read `external` before), and the payment still leaves the paying wallet.
    @Test func aPaymentToAnotherWalletOfTheHomeIsReviewedAsThatWallets() throws {
        let serve = try ServeProcess(state: dir.path("devnet"))
        defer { _ = serve.terminate() }
        let moved = try moved(serve)
        try importInto([moved.centbee, moved.type42], moved.files)
        let back = try address(moved.centbee, chain: "receive", index: 2)
        let sent = try sign([
            "send", "--wallet", moved.type42, "--to", back, "--amount", "10000sat", "--out", dir.path("back.hftx"),
            "--yes", "--json",
        ])
        #expect(sent.exitCode == 0, "stderr: \(sent.stderr)")
        let outputs = (object(sent.stdout)["review"] as? [String: Any])?["outputs"] as? [[String: Any]] ?? []
        let paid = try #require(outputs.first { $0["address"] as? String == back }, "\(outputs)")
        #expect(paid["owner"] as? String == "wallet" && paid["walletId"] as? String == moved.centbee, "\(paid)")
        #expect(paid["satoshis"] as? Int == 10_000)
    }
}
