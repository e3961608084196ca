import Foundation
import HFCrypto
import HFDevnet
import HFPrimitives
import HFTestSupport
import HFWallet
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The watcher follows its best chain (issue 14) on a real `hf-devnet serve` over loopback: after `hf-devnet reorg`
/// over the block of one of its payments, `balance` and `utxos` show that coin unconfirmed, `export receipts`
/// exports the others and names the orphaned one (exit 0; 65 only when it alone was asked for); once the dropped
/// transaction is submitted again and mined, a sync proves it in its new block and it is confirmed again.
@Suite struct WatcherReorgLoopTests: RegtestHomes {
    let dir: TemporaryDirectory
    let passphrase: String

    init() throws {
        dir = try TemporaryDirectory()
        passphrase = try dir.write("store.pw", "pw")
    }

    func devnet(_ arguments: [String]) throws -> [String: Any] {
        let result = try BuiltTool("hf-devnet").run(arguments + ["--json"])
        #expect(result.exitCode == 0, "\(arguments): \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
    }

    func json(_ result: BuiltTool.Result) throws -> Any {
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// `balance --json`.
    func balance() throws -> [String: Int] {
        try json(watch(["balance", "--json"])) as? [String: Int] ?? [:]
    }

    /// `utxos --json` as txid → height (NSNull while unconfirmed).
    func utxoHeights() throws -> [String: Int?] {
        let outputs = try json(watch(["utxos", "--json"])) as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: outputs.map { ($0["txid"] as? String ?? "", $0["height"] as? Int) })
    }

    /// The files `export receipts` wrote into `name`.
    func exported(_ name: String) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: dir.path(name)))
    }

    @Test func theWatcherFollowsItsBestChainThroughAReorg() async throws {
        // A signer wallet whose address pack the watcher trusts, on a devnet the watcher follows.
        #expect(try sign(["init"]).exitCode == 0)
        #expect(try sign(["wallet", "create", "--mnemonic-out", dir.path("m")]).exitCode == 0)
        let identity = try json(sign(["wallet", "show", "--json"])) as? [String: Any]
        #expect(try sign(["export", "addrpack", "--out", dir.path("p.hfaddrpack")]).exitCode == 0)
        let list = try json(sign(["address", "list", "--count", "2", "--json"])) as? [[String: Any]] ?? []
        let addresses = list.compactMap { $0["address"] as? String }
        try #require(addresses.count == 2)
        let serve = try ServeProcess(state: dir.path("devnet"))
        defer { _ = serve.terminate() }
        #expect(try watch(["init"]).exitCode == 0)
        #expect(try watch(["config", "set", "net.attempts", "1"]).exitCode == 0)
        #expect(try watch(["config", "set", "devnet", serve.url]).exitCode == 0)
        let trust = identity?["identityKey"] as? String ?? ""
        #expect(try watch(["import", dir.path("p.hfaddrpack"), "--trust-identity", trust]).exitCode == 0)

        // Two payments in blocks 101 and 102, synced and confirmed.
        let kept = try devnet(["fund", addresses[0], "10000", "--url", serve.url])["txid"] as? String ?? ""
        let orphaned = try devnet(["fund", addresses[1], "20000", "--url", serve.url])["txid"] as? String ?? ""
        let raw = try await get(serve.url + "/woc/v1/bsv/regtest/tx/\(orphaned)/hex")
        #expect(try watch(["sync"]).exitCode == 0)
        #expect(try balance() == ["confirmed": 30_000, "unconfirmed": 0])

        // A heavier branch from 102 drops the second payment; after a sync it is no longer confirmed.
        let reorg = try devnet(["reorg", "--from", "102", "--blocks", "2", "--url", serve.url])
        #expect(reorg["dropped"] as? [String] == [orphaned] && reorg["newTip"] as? Int == 103)
        let sync = try watch(["sync"])
        #expect(sync.exitCode == 0 && sync.stdout.hasPrefix("validated tip 103;"), "stderr: \(sync.stderr)")
        #expect(sync.stderr.contains("warning: \(orphaned): its block at height 102 left the watcher's best chain"))
        #expect(try balance() == ["confirmed": 10_000, "unconfirmed": 20_000])
        #expect(try utxoHeights() == [kept: 101, orphaned: nil])
        let history = try json(watch(["history", "--json"])) as? [[String: Any]] ?? []
        #expect(history.map { $0["txid"] as? String } == [kept, orphaned])
        #expect(history.map { $0["height"] as? Int } == [101, nil])

        // export receipts: the kept one exported, the orphaned one named with the reason, exit 0.
        let export = try watch(["export", "receipts", "--out-dir", dir.path("r1")])
        #expect(export.exitCode == 0, "stderr: \(export.stderr)")
        #expect(try exported("r1") == ["\(kept).hfreceipt"])
        #expect(export.stderr.contains("skipped \(orphaned): its block"))
        #expect(export.stderr.contains("at height 102 is no longer on the watcher's best chain"))
        let report = try json(watch(["export", "receipts", "--out-dir", dir.path("r2"), "--json"])) as? [String: Any]
        let skipped = report?["skipped"] as? [[String: Any]] ?? []
        #expect(report?["receipts"] as? Int == 1 && skipped.count == 1)
        #expect(skipped.first?["txid"] as? String == orphaned && skipped.first?["code"] as? String == "orphaned")
        #expect(skipped.first?["height"] as? Int == 102)
        // Asked for alone, nothing can be exported: 65, the reason named, nothing written.
        let alone = try watch(["export", "receipts", "--txid", orphaned, "--out-dir", dir.path("r3")])
        #expect(alone.exitCode == 65, "stderr: \(alone.stderr)")
        #expect(alone.stderr.contains("\(orphaned) (orphaned)"))
        #expect(!FileManager.default.fileExists(atPath: dir.path("r3")))
        #expect(try watch(["export", "receipts", "--txid", "cd59", "--out-dir", dir.path("r3")]).exitCode == 64)
        let both = try watch(["export", "receipts", "--txid", orphaned, "--txid", kept, "--out-dir", dir.path("r4")])
        #expect(both.exitCode == 0, "stderr: \(both.stderr)")
        #expect(try exported("r4") == ["\(kept).hfreceipt"])

        // The dropped payment submitted again and mined: a sync proves it in its new block.
        try await post(serve.url + "/arc/v1/tx", json: #"{"rawTx":"\#(raw)"}"#)
        #expect(try devnet(["mine", "1", "--url", serve.url])["height"] as? Int == 104)
        let resynced = try watch(["sync"])
        #expect(resynced.exitCode == 0 && !resynced.stderr.contains("left the watcher's best chain"))
        #expect(try balance() == ["confirmed": 30_000, "unconfirmed": 0])
        #expect(try utxoHeights() == [kept: 101, orphaned: 104])
        let again = try watch(["export", "receipts", "--out-dir", dir.path("r5")])
        #expect(again.exitCode == 0, "stderr: \(again.stderr)")
        #expect(!again.stderr.contains("skipped"))
        #expect(try exported("r5") == ["\(kept).hfreceipt", "\(orphaned).hfreceipt"])
        let receipt = try String(contentsOfFile: dir.path("r5/\(orphaned).hfreceipt"), encoding: .utf8)
        #expect(receipt.contains("\"blockHeight\":104"))
        // The signer accepts both receipts with the watcher's headers.
        #expect(try watch(["export", "headers", "--from", "1", "--out", dir.path("h")]).exitCode == 0)
        let imported = try sign(["import", dir.path("h"), dir.path("r5/\(kept).hfreceipt"), dir.path("r5/\(orphaned).hfreceipt")])
        #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
    }

    /// The watcher's spending rule follows its best chain: a coin the watcher watches (a paper wallet's, whose key
    /// the test holds) spent to a stranger outside the air gap and mined is gone from `balance`/`utxos`; after
    /// `hf-devnet reorg` over the spend's block it counts again, confirmed in its own block, and `history` shows the
    /// spend orphaned and not counted; submitted again it is in flight and consumes the coin again, and mined.
    @Test func anOrphanedForeignSpendLetsTheCoinCountAgain() async throws {
        #expect(try sign(["init"]).exitCode == 0)
        #expect(try sign(["wallet", "create", "--mnemonic-out", dir.path("m")]).exitCode == 0)
        let identity = try json(sign(["wallet", "show", "--json"])) as? [String: Any]
        #expect(try sign(["export", "addrpack", "--out", dir.path("p.hfaddrpack")]).exitCode == 0)
        let list = try json(sign(["address", "list", "--count", "1", "--json"])) as? [[String: Any]] ?? []
        let wallet = try #require(list.first?["address"] as? String)
        let wif = try dir.write("paper.wif", SweepLoopTests.wif + "\n")
        #expect(try sign(["sweep", "add", "--wif-file", wif, "--out", dir.path("s.hfsweep")]).exitCode == 0)
        let serve = try ServeProcess(state: dir.path("devnet"))
        defer { _ = serve.terminate() }
        #expect(try watch(["init"]).exitCode == 0)
        #expect(try watch(["config", "set", "net.attempts", "1"]).exitCode == 0)
        #expect(try watch(["config", "set", "devnet", serve.url]).exitCode == 0)
        let trust = identity?["identityKey"] as? String ?? ""
        #expect(try watch(["import", dir.path("p.hfaddrpack"), "--trust-identity", trust]).exitCode == 0)
        #expect(try watch(["import", dir.path("s.hfsweep")]).exitCode == 0)

        // The wallet paid in 101, the paper wallet in 102; synced and confirmed.
        let kept = try devnet(["fund", wallet, "10000", "--url", serve.url])["txid"] as? String ?? ""
        let coin = try devnet(["fund", SweepLoopTests.address, "40000", "--url", serve.url])["txid"] as? String ?? ""
        #expect(try watch(["sync"]).exitCode == 0)
        #expect(try balance() == ["confirmed": 50_000, "unconfirmed": 0])

        // The paper wallet's key spends the coin to a stranger, not through the watcher; mined in 103.
        let funding = try Transaction(hex: try await get(serve.url + "/woc/v1/bsv/regtest/tx/\(coin)/hex"))
        let key = try WIF.decode(SweepLoopTests.wif, network: .regtest).key
        let paper = Script(p2pkhPaying: try Address(string: SweepLoopTests.address, network: .regtest))
        let vout = try #require(funding.outputs.firstIndex { $0.lockingScript == paper })
        let stranger = Address(
            publicKey: try PrivateKey(rawRepresentation: [UInt8](repeating: 7, count: 32)).publicKey, network: .regtest)
        let spend = try TransactionSigner(keys: [key]).sign(
            Transaction(
                inputs: [TransactionInput(previousOutput: OutPoint(txid: funding.txid, vout: UInt32(vout)))],
                outputs: [try TransactionOutput(satoshis: 39_000, lockingScript: Script(p2pkhPaying: stranger))]),
            sourceOutputs: [funding.outputs[vout]])
        let spendID = spend.txid.displayHex
        try await post(serve.url + "/arc/v1/tx", json: #"{"rawTx":"\#(Hex.encode(spend.serialized))"}"#)
        #expect(try devnet(["mine", "1", "--url", serve.url])["height"] as? Int == 103)
        #expect(try watch(["sync"]).exitCode == 0)
        #expect(try balance() == ["confirmed": 10_000, "unconfirmed": 0], "a spend on the best chain consumes")
        #expect(try utxoHeights() == [kept: 101])

        // A heavier branch from 103 drops the spend: the coin counts again, as it stands (confirmed in 102).
        let reorg = try devnet(["reorg", "--from", "103", "--blocks", "2", "--url", serve.url])
        #expect(reorg["dropped"] as? [String] == [spendID])
        let sync = try watch(["sync"])
        #expect(sync.exitCode == 0, "stderr: \(sync.stderr)")
        #expect(sync.stderr.contains("warning: \(spendID): its block at height 103 left the watcher's best chain"))
        #expect(try balance() == ["confirmed": 50_000, "unconfirmed": 0])
        #expect(try utxoHeights() == [kept: 101, coin: 102])
        let history = try json(watch(["history", "--json"])) as? [[String: Any]] ?? []
        let orphaned = try #require(history.first { $0["txid"] as? String == spendID })
        #expect(orphaned["standing"] as? String == "orphaned" && orphaned["counted"] as? Bool == false)
        #expect(orphaned["height"] == nil || orphaned["height"] is NSNull)
        #expect(history.filter { $0["txid"] as? String != spendID }.allSatisfy { $0["counted"] as? Bool == true })
        let text = try watch(["history"])
        let line = text.stdout.split(separator: "\n").first { $0.hasPrefix(spendID) }.map(String.init) ?? ""
        #expect(line.hasPrefix("\(spendID)\tunconfirmed\tsent\t-") && line.contains(" sat)\tfee "), "\(line)")
        #expect(line.hasSuffix("\tnot counted: its block left the best chain; the coins it spent count again"), "\(line)")

        // The spend submitted again: in flight (the service reports it unmined), it consumes the coin again.
        try await post(serve.url + "/arc/v1/tx", json: #"{"rawTx":"\#(Hex.encode(spend.serialized))"}"#)
        let pending = try watch(["sync"])
        #expect(pending.exitCode == 0 && !pending.stderr.contains("left the watcher's best chain"), "\(pending.stderr)")
        #expect(try balance() == ["confirmed": 10_000, "unconfirmed": 0])
        #expect(try utxoHeights() == [kept: 101])
        let inFlight = try json(watch(["history", "--json"])) as? [[String: Any]] ?? []
        let unmined = try #require(inFlight.first { $0["txid"] as? String == spendID })
        #expect(unmined["standing"] as? String == "unconfirmed" && unmined["counted"] as? Bool == true)
        // Mined: confirmed in 105, still consuming.
        #expect(try devnet(["mine", "1", "--url", serve.url])["height"] as? Int == 105)
        #expect(try watch(["sync"]).exitCode == 0)
        #expect(try balance() == ["confirmed": 10_000, "unconfirmed": 0])
        #expect(try utxoHeights() == [kept: 101])
        let mined = try json(watch(["history", "--json"])) as? [[String: Any]] ?? []
        let again = try #require(mined.first { $0["txid"] as? String == spendID })
        #expect(again["height"] as? Int == 105 && again["standing"] as? String == "confirmed" && again["counted"] as? Bool == true)
    }

    /// `balance` opens the header chain now, so `watch` holds it only during a poll: while a watch sleeps, the
    /// ledger commands run.
    @Test func theLedgerCommandsRunWhileAWatchSleeps() throws {
        let serve = try ServeProcess(state: dir.path("devnet"))
        defer { _ = serve.terminate() }
        #expect(try watch(["init"]).exitCode == 0)
        #expect(try watch(["config", "set", "devnet", serve.url]).exitCode == 0)
        _ = try devnet(["mine", "3", "--url", serve.url])
        let long = try BuiltTool("hf-watcher").start(
            ["--home", dir.path("watcher"), "--network", "regtest", "watch", "--interval", "30"])
        // Wait (up to a minute) for the first poll to store the three headers; the watch then sleeps 30 s.
        let headers = dir.path("watcher/headers-regtest.dat")
        for _ in 0..<600 {
            let size = (try? FileManager.default.attributesOfItem(atPath: headers)[.size] as? Int) ?? 0
            if size >= 3 * 80 { break }
            usleep(100_000)
        }
        let balance = try watch(["balance", "--json"])
        #expect(balance.exitCode == 0, "stderr: \(balance.stderr)")
        #expect(balance.stdout == "{\"confirmed\":0,\"unconfirmed\":0}\n")
        #expect(try watch(["export", "headers", "--from", "1", "--out", dir.path("h")]).exitCode == 0, "synced by the poll")
        long.send(SIGTERM)
        #expect(long.finish().status == 0)
    }

    /// The body of a GET, as text.
    func get(_ url: String) async throws -> String {
        let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: url)))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// POSTs a JSON body and expects 200.
    func post(_ url: String, json body: String) async throws {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(String(decoding: data, as: UTF8.self))")
    }
}
