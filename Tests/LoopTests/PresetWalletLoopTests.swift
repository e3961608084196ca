import Foundation
import HFPrimitives
import HFTestSupport
import Testing

/// Issue 32 across the air gap on hf-devnet: a Centbee phrase (with its PIN) imported with `--preset centbee` is paid
/// on its receive and its change chain; the watcher finds both coins from the signer's pack, the signer imports them,
/// spends, the watcher broadcasts, and once mined the signer's balance is right — all on `m/44'/0/c/n`.
@Suite struct PresetWalletLoopTests: RegtestHomes {
    let dir: TemporaryDirectory
    let passphrase: String

    init() throws {
        dir = try TemporaryDirectory()
        passphrase = try dir.write("store.pw", "pw")
    }

    func object(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
    }

    func address(chain: String, index: Int) throws -> (address: String, reference: String) {
        let list = try sign(["address", "list", "--chain", chain, "--start", String(index), "--count", "1", "--json"])
        let entry = (try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])?.first
        return (entry?["address"] as? String ?? "", entry?["reference"] as? String ?? "")
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

    @Test func aCentbeeWalletIsFoundSpentAndBalancedOnItsOwnPaths() throws {
        try setUp(try sign(["init"]), "sign init")
        let phrase = try dir.write("centbee", "legal winner thank year wave sausage worth useful legal winner thank yellow")
        let pin = try dir.write("pin", "4821")
        let imported = try sign(
            ["wallet", "import", "--mnemonic-file", phrase, "--bip39-passphrase-file", pin, "--preset", "centbee"])
        try setUp(imported, "sign wallet import --preset centbee")
        let identity = object(try sign(["wallet", "show", "--json"]).stdout)["identityKey"] as? String ?? ""
        let receive = try address(chain: "receive", index: 3)
        let change = try address(chain: "change", index: 2)
        #expect(receive.reference == "m/44'/0/0/3")
        #expect(change.reference == "m/44'/0/1/2")
        try setUp(try sign(["export", "addrpack", "--out", dir.path("p.hfaddrpack")]), "sign export addrpack")

        let serve = try ServeProcess(state: dir.path("devnet"))
        defer { _ = serve.terminate() }
        let devnet = BuiltTool("hf-devnet")
        #expect(try devnet.run(["fund", receive.address, "40000", "--url", serve.url]).exitCode == 0)
        #expect(try devnet.run(["fund", change.address, "25000", "--url", serve.url]).exitCode == 0)
        try setUp(try watch(["init"]), "watch init")
        try setUp(try watch(["config", "set", "devnet", serve.url]), "watch config set")
        try setUp(try watch(["import", dir.path("p.hfaddrpack"), "--trust-identity", identity]), "watch import")
        #expect(try watch(["sync"]).exitCode == 0)
        #expect(object(try watch(["balance", "--json"]).stdout)["confirmed"] as? Int == 65_000)

        let first = try sign(["import"] + export("r1") + ["--json"])
        #expect(first.exitCode == 0, "stderr: \(first.stderr)")
        #expect(object(try sign(["balance", "--json"]).stdout)["confirmed"] as? Int == 65_000)

        let friend = try Address(hash160: [UInt8](repeating: 5, count: 20), network: .regtest).string
        let send = try sign(["send", "--to", friend, "--amount", "50000", "--out", dir.path("pay.hftx"), "--yes", "--json"])
        #expect(send.exitCode == 0, "stderr: \(send.stderr)")
        let outputs = (object(send.stdout)["review"] as? [String: Any])?["outputs"] as? [[String: Any]] ?? []
        #expect(outputs.contains { $0["owner"] as? String == "change" && ($0["reference"] as? String ?? "").hasPrefix("m/44'/0/1/") })
        #expect(try watch(["config", "set", "arc.url", serve.url + "/arc"]).exitCode == 0)
        let broadcast = try watch(["broadcast", dir.path("pay.hftx"), "--json"])
        #expect(broadcast.exitCode == 0, "stderr: \(broadcast.stderr)")
        #expect(try devnet.run(["mine", "1", "--url", serve.url]).exitCode == 0)
        #expect(try watch(["sync"]).exitCode == 0)
        let second = try sign(["import"] + export("r2"))
        #expect(second.exitCode == 0, "stderr: \(second.stderr)")
        let balance = object(try sign(["balance", "--json"]).stdout)
        #expect(balance["pendingOut"] as? Int == 0)
        let confirmed = balance["confirmed"] as? Int ?? 0
        #expect(confirmed > 14_000 && confirmed < 15_000, "65,000 - 50,000 - fee: \(confirmed)")
        #expect(object(try watch(["balance", "--json"]).stdout)["confirmed"] as? Int == confirmed)
    }
}
