import Foundation
import HFTestSupport
import Testing

/// Issue 17 across the air gap on hf-devnet: a wallet paid at receive index 250 and change index 180 (beyond every
/// default window) is recovered three ways — `address find --save` and a new pack; a receipt import that searches
/// for its payees (as far as `import --max` says); `wallet rescan --gap 300` and a new pack into a new watcher — and each time the balance is right.
@Suite struct RecoveryLoopTests {
    let dir: TemporaryDirectory
    let passphrase: String

    init() throws {
        dir = try TemporaryDirectory()
        passphrase = try dir.write("store.pw", "pw")
    }

    func sign(_ home: String, _ arguments: [String]) throws -> BuiltTool.Result {
        try BuiltTool("hf-signer").run(
            ["--home", dir.path(home), "--network", "regtest", "--passphrase-file", passphrase] + arguments)
    }

    func watch(_ home: String, _ arguments: [String]) throws -> BuiltTool.Result {
        try BuiltTool("hf-watcher").run(["--home", dir.path(home), "--network", "regtest"] + arguments)
    }

    func object(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    func balance(_ signer: String) throws -> Int? {
        try object(sign(signer, ["balance", "--json"]).stdout)["confirmed"] as? Int
    }

    /// A new watcher home on the devnet that trusts `identity` and imports `pack`.
    func watcher(_ home: String, devnet url: String, pack: String, identity: String) throws {
        #expect(try watch(home, ["init"]).exitCode == 0)
        #expect(try watch(home, ["config", "set", "net.attempts", "1"]).exitCode == 0)
        #expect(try watch(home, ["config", "set", "devnet", url]).exitCode == 0)
        let imported = try watch(home, ["import", pack, "--trust-identity", identity])
        #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
    }

    /// The watcher's headers past the signer's tip and its receipts since then, as files.
    func export(from watcher: String, for signer: String, _ name: String) throws -> [String] {
        let tip = try object(sign(signer, ["headers", "status", "--json"]).stdout)["validatedTipHeight"] as? Int ?? 0
        let headers = dir.path(name + ".hfheaders")
        #expect(try watch(watcher, ["export", "headers", "--from", String(tip + 1), "--out", headers]).exitCode == 0)
        let exported = try watch(watcher, ["export", "receipts", "--since", String(tip + 1), "--out-dir", dir.path(name)])
        #expect(exported.exitCode == 0, "stderr: \(exported.stderr)")
        let receipts = (try? FileManager.default.contentsOfDirectory(atPath: dir.path(name))) ?? []
        return [headers] + receipts.sorted().map { dir.path(name) + "/" + $0 }
    }

    func address(_ signer: String, chain: String, index: Int) throws -> String {
        let list = try sign(signer, ["address", "list", "--chain", chain, "--start", String(index), "--count", "1", "--json"])
        let entries = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]] ?? []
        return entries.first?["address"] as? String ?? ""
    }

    @Test func aWalletPaidBeyondEveryDefaultWindowIsRecoveredThreeWays() throws {
        #expect(try sign("a", ["init"]).exitCode == 0)
        #expect(try sign("a", ["wallet", "create", "--mnemonic-out", dir.path("m")]).exitCode == 0)
        let identity = try object(sign("a", ["wallet", "show", "--json"]).stdout)["identityKey"] as? String ?? ""
        let receive = try address("a", chain: "receive", index: 250)
        let change = try address("a", chain: "change", index: 180)
        #expect(try sign("a", ["export", "addrpack", "--out", dir.path("p1.hfaddrpack")]).exitCode == 0)

        let serve = try ServeProcess(state: dir.path("devnet"))
        defer { _ = serve.terminate() }
        let devnet = BuiltTool("hf-devnet")
        #expect(try devnet.run(["fund", receive, "40000", "--url", serve.url]).exitCode == 0)
        #expect(try devnet.run(["fund", change, "25000", "--url", serve.url]).exitCode == 0)
        try watcher("w1", devnet: serve.url, pack: dir.path("p1.hfaddrpack"), identity: identity)
        #expect(try watch("w1", ["sync"]).exitCode == 0)
        #expect(try object(watch("w1", ["balance", "--json"]).stdout)["confirmed"] as? Int == 0,
                "the default window (50 per chain) does not reach index 250 or change 180")

        // 1. `address find --save` records both; the next pack covers them; the watcher finds the coins.
        #expect(try sign("a", ["address", "find", receive, "--save"]).exitCode == 0)
        #expect(try sign("a", ["address", "find", change, "--save"]).exitCode == 0)
        #expect(try sign("a", ["export", "addrpack", "--out", dir.path("p2.hfaddrpack")]).exitCode == 0)
        #expect(try watch("w1", ["import", dir.path("p2.hfaddrpack")]).exitCode == 0)
        #expect(try watch("w1", ["sync"]).exitCode == 0)
        #expect(try object(watch("w1", ["balance", "--json"]).stdout)["confirmed"] as? Int == 65_000)
        let files = try export(from: "w1", for: "a", "r1")
        #expect(files.count == 3, "headers and two receipts")
        let carried = try sign("a", ["import"] + files)
        #expect(carried.exitCode == 0, "stderr: \(carried.stderr)")
        #expect(try balance("a") == 65_000)

        // 2. A fresh restore of the same phrase imports the same receipts: each payee is searched for and found.
        #expect(try sign("b", ["init"]).exitCode == 0)
        #expect(try sign("b", ["wallet", "import", "--mnemonic-file", dir.path("m")]).exitCode == 0)
        let rediscovered = try sign("b", ["import"] + files + ["--json"])
        #expect(rediscovered.exitCode == 0, "stderr: \(rediscovered.stderr)")
        #expect(try balance("b") == 65_000)
        #expect(try sign("b", ["address", "next", "--json"]).stdout.contains("\"index\":251"))

        // 2b. `import --max` bounds that search: to index 199 the change coin (180) is found and the receive coin
        // (250) is refused as not ours, naming the bound; to index 299 both are.
        #expect(try sign("d", ["init"]).exitCode == 0)
        #expect(try sign("d", ["wallet", "import", "--mnemonic-file", dir.path("m")]).exitCode == 0)
        let narrow = try sign("d", ["import", "--max", "200"] + files)
        #expect(narrow.exitCode == 65, "stderr: \(narrow.stderr)")
        #expect(narrow.stderr.contains("neither pays nor spends") && narrow.stderr.contains("searched to index 199"), "\(narrow.stderr)")
        #expect(try balance("d") == 25_000, "only the change coin at index 180 is within --max 200")
        let wide = try sign("d", ["import", "--max", "300"] + files)
        #expect(wide.exitCode == 0, "stderr: \(wide.stderr)")
        #expect(try balance("d") == 65_000)
        #expect(try sign("d", ["import", "--max", "0"] + files).exitCode == 64)

        // 3. Another restore widens its gap instead; its next pack, in a new watcher, covers both coins.
        #expect(try sign("c", ["init"]).exitCode == 0)
        #expect(try sign("c", ["wallet", "import", "--mnemonic-file", dir.path("m")]).exitCode == 0)
        #expect(try sign("c", ["wallet", "rescan", "--gap", "300"]).exitCode == 0)
        #expect(try sign("c", ["export", "addrpack", "--out", dir.path("p3.hfaddrpack")]).exitCode == 0)
        try watcher("w2", devnet: serve.url, pack: dir.path("p3.hfaddrpack"), identity: identity)
        #expect(try watch("w2", ["sync"]).exitCode == 0)
        let rescanned = try sign("c", ["import"] + export(from: "w2", for: "c", "r3"))
        #expect(rescanned.exitCode == 0, "stderr: \(rescanned.stderr)")
        #expect(try balance("c") == 65_000)
    }
}

/// Deposit seeding per address, so per wallet (issue 17): the old coins of a pack imported later are seeded silently;
/// coins arriving after it are announced.
@Suite struct DepositSeedingLoopTests {
    let dir: TemporaryDirectory
    let passphrase: String

    init() throws {
        dir = try TemporaryDirectory()
        passphrase = try dir.write("store.pw", "pw")
    }

    func sign(_ arguments: [String]) throws -> BuiltTool.Result {
        try BuiltTool("hf-signer").run(
            ["--home", dir.path("s"), "--network", "regtest", "--passphrase-file", passphrase] + arguments)
    }

    func watch(_ arguments: [String]) throws -> BuiltTool.Result {
        try BuiltTool("hf-watcher").run(["--home", dir.path("w"), "--network", "regtest"] + arguments)
    }

    func object(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    /// A new wallet's ID, identity key, first two receive addresses and its pack.
    func wallet(_ name: String) throws -> (id: String, identity: String, addresses: [String], pack: String) {
        let created = try sign(["wallet", "create", "--title", name, "--mnemonic-out", dir.path(name + ".m"), "--json"])
        #expect(created.exitCode == 0, "stderr: \(created.stderr)")
        let id = try object(created.stdout)["walletId"] as? String ?? ""
        let identity = try object(sign(["wallet", "show", "--wallet", id, "--json"]).stdout)["identityKey"] as? String ?? ""
        let list = try sign(["address", "list", "--wallet", id, "--count", "2", "--json"])
        let addresses = (try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]] ?? [])
            .compactMap { $0["address"] as? String }
        let pack = dir.path(name + ".hfaddrpack")
        #expect(try sign(["export", "addrpack", "--wallet", id, "--out", pack]).exitCode == 0)
        return (id, identity, addresses, pack)
    }

    @Test func aPackImportedLaterAnnouncesOnlyItsNewCoins() throws {
        #expect(try sign(["init"]).exitCode == 0)
        let first = try wallet("A")
        let later = try wallet("B")
        let serve = try ServeProcess(state: dir.path("devnet"))
        defer { _ = serve.terminate() }
        let devnet = BuiltTool("hf-devnet")
        #expect(try watch(["init"]).exitCode == 0)
        #expect(try watch(["config", "set", "net.attempts", "1"]).exitCode == 0)
        #expect(try watch(["config", "set", "devnet", serve.url]).exitCode == 0)
        #expect(try watch(["import", first.pack, "--trust-identity", first.identity]).exitCode == 0)
        #expect(try devnet.run(["fund", first.addresses[0], "5000", "--url", serve.url]).exitCode == 0)
        let launch = try watch(["watch", "--polls", "1"])
        #expect(launch.exitCode == 0, "stderr: \(launch.stderr)")
        #expect(launch.stdout.isEmpty, "the first launch seeds what is there")

        // B's coin exists before its pack is imported: an old coin, seeded silently, while A's new coin is announced.
        #expect(try devnet.run(["fund", later.addresses[0], "3000", "--url", serve.url]).exitCode == 0)
        #expect(try devnet.run(["fund", first.addresses[1], "7000", "--url", serve.url]).exitCode == 0)
        #expect(try watch(["import", later.pack, "--trust-identity", later.identity]).exitCode == 0)
        let afterImport = try watch(["watch", "--polls", "1"])
        #expect(afterImport.exitCode == 0, "stderr: \(afterImport.stderr)")
        #expect(afterImport.stdout.hasPrefix("deposit 0.00007 BSV (7,000 sat) to \(first.addresses[1]) in "))
        #expect(!afterImport.stdout.contains("3000"), "B's old coin is not a new deposit")
        #expect(afterImport.stdout.split(separator: "\n").count == 1)

        // A coin to B after its pack: announced once.
        #expect(try devnet.run(["fund", later.addresses[1], "4000", "--url", serve.url]).exitCode == 0)
        let fresh = try watch(["watch", "--polls", "1"])
        #expect(fresh.stdout.split(separator: "\n").count == 1)
        #expect(fresh.stdout.hasPrefix("deposit 0.00004 BSV (4,000 sat) to \(later.addresses[1]) in "))
        #expect(try watch(["watch", "--polls", "1"]).stdout.isEmpty, "a deposit is reported once")
    }
}
