import Foundation
import HFTestSupport
import Testing

/// The header catch-up of issue 15 on a real `hf-devnet serve` over loopback: a chain of 25,001 blocks (mined by
/// `hf-devnet mine --state`, the last one by `fund`), `hf-watcher export headers --from 1 --out-dir` writes it as
/// three bundles of the product's 10,000 (`1-10000`, `10001-20000`, `20001-25001`), and `hf-signer import` given
/// them in reverse order, after a receipt that needs them, takes them in height order and reaches the tip. The
/// `--json` shapes of `export headers` (both forms) and `export receipts` carry numbers as numbers.
@Suite struct HeaderCatchUpLoopTests: RegtestHomes {
    let dir: TemporaryDirectory
    let passphrase: String

    init() throws {
        dir = try TemporaryDirectory()
        passphrase = try dir.write("store.pw", "pw")
    }

    func object(_ result: BuiltTool.Result) throws -> [String: Any] {
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
    }

    /// The files in `name`, sorted.
    func files(_ name: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path(name)).sorted()
    }

    @Test func threeBundlesGivenInReverseOrderBringTheSignerToTheTip() async throws {
        // A wallet whose address pack the watcher trusts.
        #expect(try sign(["init"]).exitCode == 0)
        #expect(try sign(["wallet", "create", "--mnemonic-out", dir.path("m")]).exitCode == 0)
        let identity = try object(sign(["wallet", "show", "--json"]))["identityKey"] as? String ?? ""
        #expect(try sign(["export", "addrpack", "--out", dir.path("p.hfaddrpack")]).exitCode == 0)
        let address = try object(sign(["address", "next", "--json"]))["address"] as? String ?? ""

        // 25,000 blocks to the devnet key, then a payment from it in block 25,001, on a served devnet.
        let devnet = BuiltTool("hf-devnet")
        for blocks in ["10000", "10000", "5000"] {
            let mined = try devnet.run(["mine", blocks, "--state", dir.path("devnet")])
            #expect(mined.exitCode == 0, "stderr: \(mined.stderr)")
        }
        let serve = try ServeProcess(state: dir.path("devnet"))
        defer { _ = serve.terminate() }
        let fund = try devnet.run(["fund", address, "30000", "--url", serve.url, "--json"])
        #expect(fund.exitCode == 0, "stderr: \(fund.stderr)")
        let funded = try JSONSerialization.jsonObject(with: Data(fund.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(funded["height"] as? Int == 25_001)
        #expect(try watch(["init"]).exitCode == 0)
        #expect(try watch(["config", "set", "net.attempts", "1"]).exitCode == 0)
        #expect(try watch(["config", "set", "devnet", serve.url]).exitCode == 0)
        #expect(try watch(["import", dir.path("p.hfaddrpack"), "--trust-identity", identity]).exitCode == 0)
        #expect(try object(watch(["sync", "--json"]))["validatedTipHeight"] as? Int == 25_001)

        // The catch-up: three bundles, listed with numbers as numbers.
        let report = try object(watch(["export", "headers", "--from", "1", "--out-dir", dir.path("catchup"), "--json"]))
        let names = ["1-10000.hfheaders", "10001-20000.hfheaders", "20001-25001.hfheaders"]
        #expect(try files("catchup") == names)
        #expect(report["directory"] as? String == dir.path("catchup"))
        #expect(JSONTypes.notNumbers(report, ["startHeight", "endHeight"]) == [])
        #expect(report["startHeight"] as? Int == 1 && report["endHeight"] as? Int == 25_001)
        let bundles = report["bundles"] as? [[String: Any]] ?? []
        try #require(bundles.count == 3)
        for (bundle, expected) in zip(bundles, [(1, 10_000), (10_001, 20_000), (20_001, 25_001)]) {
            #expect(JSONTypes.notNumbers(bundle, ["startHeight", "endHeight", "count"]) == [])
            #expect(bundle["file"] as? String == dir.path("catchup/\(expected.0)-\(expected.1).hfheaders"))
            #expect(bundle["startHeight"] as? Int == expected.0 && bundle["endHeight"] as? Int == expected.1)
            #expect(bundle["count"] as? Int == expected.1 - expected.0 + 1)
        }

        // Each bundle is what `bundle inspect` says: consecutive runs.
        for (name, counts) in zip(names, [10_000, 10_000, 5_001]) {
            let inspect = try object(sign(["bundle", "inspect", dir.path("catchup/" + name), "--json"]))
            #expect((inspect["summary"] as? [String: Any])?["count"] as? Int == counts)
        }

        // A second catch-up into the same directory refuses before writing anything; the bundles are unchanged.
        let before = try names.map { try Data(contentsOf: URL(fileURLWithPath: dir.path("catchup/" + $0))) }
        let again = try watch(["export", "headers", "--from", "1", "--out-dir", dir.path("catchup")])
        #expect(again.exitCode == 73)
        #expect(again.stderr.contains("1-10000.hfheaders' already exists; nothing was written"))
        #expect(try files("catchup") == names)
        #expect(try names.map { try Data(contentsOf: URL(fileURLWithPath: dir.path("catchup/" + $0))) } == before)

        // The receipt of the payment, its counts numbers.
        let receipts = try object(watch(["export", "receipts", "--out-dir", dir.path("receipts"), "--json"]))
        #expect(JSONTypes.notNumbers(receipts, ["receipts", "written"]) == [])
        #expect(receipts["receipts"] as? Int == 1 && receipts["written"] as? Int == 1)
        let receipt = dir.path("receipts/" + (try files("receipts").first ?? ""))

        // The signer gets the receipt first and the bundles in reverse order: headers by height, then the receipt.
        let reversed = names.reversed().map { dir.path("catchup/" + $0) }
        let imported = try sign(["import", receipt] + reversed)
        #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
        let lines = imported.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count == 4)
        #expect(lines[0].hasPrefix(dir.path("catchup/1-10000.hfheaders") + ": 10000 headers added"))
        #expect(lines[1].hasPrefix(dir.path("catchup/10001-20000.hfheaders") + ": 10000 headers added"))
        #expect(lines[2].hasPrefix(dir.path("catchup/20001-25001.hfheaders") + ": 5001 headers added"))
        #expect(lines[2].hasSuffix("validated tip 25001"))
        #expect(lines[3].hasPrefix(receipt + ": receipt ") && lines[3].contains(": 0.0003 BSV (30,000 sat) received"))
        let status = try object(sign(["headers", "status", "--json"]))
        #expect(status["validatedTipHeight"] as? Int == 25_001)
        #expect(try object(sign(["balance", "--json"]))["confirmed"] as? Int == 30_000)
        try expectNumbersInTheOtherShapes(receipt: receipt, bundle: reversed[0], funded: funded, serve: serve)
    }

    /// The audit of issue 15: the numeric fields of the other `--json` shapes of the loop are JSON numbers.
    func expectNumbersInTheOtherShapes(receipt: String, bundle: String, funded: [String: Any], serve: ServeProcess) throws {
        #expect(JSONTypes.notNumbers(funded, ["height"]) == [])
        let config = try object(watch(["config", "show", "--json"]))
        #expect(JSONTypes.notNumbers(config, ["poll.seconds", "net.attempts"]) == [])
        #expect(config["poll.seconds"] as? Int == 30 && config["net.attempts"] as? Int == 1)
        #expect(config["woc.url"] as? String == serve.url + "/woc/v1/bsv/regtest")
        #expect(JSONTypes.notNumbers(try object(watch(["sync", "--json"])), ["validatedTipHeight", "transactions"]) == [])
        #expect(JSONTypes.notNumbers(try object(watch(["balance", "--json"])), ["confirmed", "unconfirmed"]) == [])
        let watcherUTXOs = try JSONSerialization.jsonObject(with: Data(watch(["utxos", "--json"]).stdout.utf8))
        for utxo in watcherUTXOs as? [[String: Any]] ?? [] {
            #expect(JSONTypes.notNumbers(utxo, ["height", "satoshis", "vout"]) == [])
        }
        let history = try JSONSerialization.jsonObject(with: Data(watch(["history", "--json"]).stdout.utf8))
        #expect((history as? [[String: Any]])?.isEmpty == false)
        for entry in history as? [[String: Any]] ?? [] { #expect(JSONTypes.notNumbers(entry, ["height", "net"]) == []) }
        let balance = try object(sign(["balance", "--json"]))
        #expect(JSONTypes.notNumbers(balance, ["confirmed", "pendingOut", "utxoCount"]) == [])
        let signerUTXOs = try JSONSerialization.jsonObject(with: Data(sign(["utxos", "--json"]).stdout.utf8))
        #expect((signerUTXOs as? [[String: Any]])?.count == 1)
        for utxo in signerUTXOs as? [[String: Any]] ?? [] {
            #expect(JSONTypes.notNumbers(utxo, ["height", "satoshis", "vout"]) == [])
        }
        let addresses = try JSONSerialization.jsonObject(with: Data(sign(["address", "list", "--count", "2", "--json"]).stdout.utf8))
        #expect((addresses as? [[String: Any]])?.count == 2)
        for entry in addresses as? [[String: Any]] ?? [] { #expect(JSONTypes.notNumbers(entry, ["index"]) == []) }
        #expect(JSONTypes.notNumbers(try object(sign(["sweep", "status", "--json"])), ["unspentSatoshis"]) == [])
        let password = try dir.write("backup.pw", "backup password")
        let backup = try object(sign(["backup", "create", "--out", dir.path("b.bep"), "--password-file", password, "--json"]))
        #expect(JSONTypes.notNumbers(backup, ["wallets"]) == [])
        let verified = try object(sign(["backup", "verify", dir.path("b.bep"), "--password-file", password, "--json"]))
        for wallet in verified["wallets"] as? [[String: Any]] ?? [] {
            #expect(JSONTypes.notNumbers(wallet, ["receipts"]) == [] && wallet["receipts"] as? Int == 1)
        }
        let mined = try BuiltTool("hf-devnet").run(["mine", "1", "--url", serve.url, "--json"])
        let minedObject = try JSONSerialization.jsonObject(with: Data(mined.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(JSONTypes.notNumbers(minedObject, ["height"]) == [] && minedObject["height"] as? Int == 25_002)
        let status = try object(sign(["headers", "status", "--json"]))
        #expect(JSONTypes.notNumbers(status, ["checkpointHeight", "validatedTipHeight"]) == [])
        #expect(JSONTypes.notNumbers(try object(sign(["import", receipt, "--json"])), ["received"]) == [])
        let headers = try object(sign(["import", bundle, "--json"]))
        #expect(JSONTypes.notNumbers(headers, ["validatedTipHeight"]) == [])
        let headersSummary = try object(sign(["bundle", "inspect", bundle, "--json"]))["summary"] as? [String: Any]
        #expect(JSONTypes.notNumbers(headersSummary ?? [:], ["checkpointHeight", "startHeight", "endHeight", "count"]) == [])
        let receiptSummary = try object(sign(["bundle", "inspect", receipt, "--json"]))["summary"] as? [String: Any]
        #expect(JSONTypes.notNumbers(receiptSummary ?? [:], ["blockHeight", "rawTxBytes"]) == [])
    }

    @Test func theOneFileFormKeepsItsShapeWithNumbers() throws {
        let devnet = BuiltTool("hf-devnet")
        #expect(try devnet.run(["mine", "102", "--state", dir.path("devnet")]).exitCode == 0)
        let serve = try ServeProcess(state: dir.path("devnet"))
        defer { _ = serve.terminate() }
        #expect(try watch(["init"]).exitCode == 0)
        #expect(try watch(["config", "set", "net.attempts", "1"]).exitCode == 0)
        #expect(try watch(["config", "set", "devnet", serve.url]).exitCode == 0)
        #expect(try watch(["sync"]).exitCode == 0)
        let report = try object(watch(["export", "headers", "--from", "1", "--out", dir.path("h"), "--json"]))
        #expect(Set(report.keys) == ["file", "startHeight", "endHeight"])
        #expect(JSONTypes.notNumbers(report, ["startHeight", "endHeight"]) == [])
        #expect(report["startHeight"] as? Int == 1 && report["endHeight"] as? Int == 102)
        let text = try watch(["export", "headers", "--from", "101", "--count", "1", "--out", dir.path("h2")])
        #expect(text.exitCode == 0 && text.stdout == "wrote header 101 to \(dir.path("h2"))\n")
    }

    @Test func badCatchUpRequestsChangeNothing() throws {
        let devnet = BuiltTool("hf-devnet")
        #expect(try devnet.run(["mine", "102", "--state", dir.path("devnet")]).exitCode == 0)
        let serve = try ServeProcess(state: dir.path("devnet"))
        defer { _ = serve.terminate() }
        #expect(try watch(["init"]).exitCode == 0)
        #expect(try watch(["config", "set", "net.attempts", "1"]).exitCode == 0)
        #expect(try watch(["config", "set", "devnet", serve.url]).exitCode == 0)
        #expect(try watch(["sync"]).exitCode == 0)
        let out = dir.path("out")
        let cases: [([String], Int32, String)] = [
            (["--from", "1", "--out", dir.path("h"), "--out-dir", out], 64, "give either --out or --out-dir, not both"),
            (["--from", "1"], 64, "give --out FILE (one bundle) or --out-dir DIR"),
            (["--from", "1", "--count", "5", "--out-dir", out], 64, "--count applies to --out only"),
            (["--from", "103", "--out-dir", out], 65, "no validated headers from 103: the watcher's tip is 102; run sync"),
        ]
        for (arguments, status, message) in cases {
            let result = try watch(["export", "headers"] + arguments)
            #expect(result.exitCode == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out) && !FileManager.default.fileExists(atPath: dir.path("h")))
        }
        // A directory already holding one of the names: nothing new in it.
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        _ = try dir.write("out/1-102.hfheaders", "mine")
        let taken = try watch(["export", "headers", "--from", "1", "--out-dir", out])
        #expect(taken.exitCode == 73 && taken.stderr.contains("already exists; nothing was written"))
        #expect(try files("out") == ["1-102.hfheaders"])
        #expect(try String(contentsOfFile: dir.path("out/1-102.hfheaders"), encoding: .utf8) == "mine")
        // An empty directory that exists is used as it is.
        try FileManager.default.createDirectory(atPath: dir.path("empty"), withIntermediateDirectories: true)
        let fresh = try watch(["export", "headers", "--from", "2", "--out-dir", dir.path("empty")])
        #expect(fresh.exitCode == 0 && fresh.stdout == "wrote headers 2 to 102 to \(dir.path("empty"))/2-102.hfheaders\n")
    }
}
