import Foundation
import HFBundles
import HFPrimitives
import HFSPV
import HFTestSupport
import HFWallet
import RegtestFixtures
import Testing

/// `hf-signer wallet move` (issue 32): every confirmed spendable coin of one wallet to fresh receive addresses of
/// another wallet of the home, reviewed with the other wallet as the owner, kept as pending in the source, the
/// 1-satoshi coin left behind; and every refusal changing nothing.
@Suite struct WalletMoveTests {
    typealias Balance = OfflineFlowTests.Balance

    /// A regtest home with the sample wallet (the default, `source`) holding 50,000 + 30,000 + a protected 1-satoshi
    /// coin confirmed in block 1, and an empty second wallet (`destination`, the legal-winner phrase).
    struct TwoWallets {
        let f: SignerFixtures
        let source: String
        let destination: String
        let block1: SignerFixtures.RegtestBlock
    }

    static func twoWallets() throws -> TwoWallets {
        let (f, block1) = try ReorgLedgerTests.funded([50_000, 30_000, 1])
        let phrase = try f.dir.write("second-phrase", WalletPresetTests.legalWinner)
        let imported = try f.run(
            ["wallet", "import", "--mnemonic-file", phrase, "--title", "Second", "--json"], network: "regtest")
        #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
        let destination = JSONTypes.object(imported.stdout)["walletId"] as? String ?? ""
        let shown = try f.run(["balance", "--json"], network: "regtest")
        let source = try JSONDecoder().decode(Balance.self, from: Data(shown.stdout.utf8)).walletId
        #expect(source != destination && !destination.isEmpty)
        return TwoWallets(f: f, source: source, destination: destination, block1: block1)
    }

    static func balance(_ f: SignerFixtures, wallet: String) throws -> Balance {
        let result = try f.run(["balance", "--wallet", wallet, "--json"], network: "regtest")
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        return try JSONDecoder().decode(Balance.self, from: Data(result.stdout.utf8))
    }

    /// The receive addresses `start…start+count-1` of `wallet`.
    static func receiveAddresses(_ f: SignerFixtures, wallet: String, start: Int, count: Int) throws -> [String] {
        let list = try f.run(
            ["address", "list", "--wallet", wallet, "--start", String(start), "--count", String(count), "--json"],
            network: "regtest")
        return JSONTypes.objects(list.stdout).compactMap { $0["address"] as? String }
    }

    @Test func movesEveryCoinButTheProtectedOneAndTheDestinationSeesItOnceConfirmed() throws {
        let s = try Self.twoWallets()
        let f = s.f
        let out = f.dir.path("move.hftx")
        // A prefix of 8 hex digits names each wallet, as --wallet does elsewhere.
        let moved = try f.run(
            ["wallet", "move", "--from", String(s.source.prefix(8)), "--to", String(s.destination.prefix(10)),
             "--out", out, "--yes", "--json"], network: "regtest")
        #expect(moved.exitCode == 0, "stderr: \(moved.stderr)")
        #expect(moved.stderr.isEmpty, "--json with --yes shows no review on stderr: \(moved.stderr)")
        let result = JSONTypes.object(moved.stdout)
        #expect(Set(result.keys) == [
            "txid", "fee", "pendingId", "fromWalletId", "toWalletId", "protectedCount", "protectedSatoshis", "review",
        ])
        #expect(JSONTypes.notNumbers(result, ["fee", "protectedCount", "protectedSatoshis"]).isEmpty)
        #expect(result["fromWalletId"] as? String == s.source)
        #expect(result["toWalletId"] as? String == s.destination)
        #expect(result["protectedCount"] as? Int == 1)
        #expect(result["protectedSatoshis"] as? Int == 1)
        let review = result["review"] as? [String: Any] ?? [:]
        #expect(ReviewJSONShape.problems(review).isEmpty, "\(ReviewJSONShape.problems(review))")
        let fee = UInt64(result["fee"] as? Int ?? -1)
        let txid = result["txid"] as? String ?? ""

        // Three outputs to the destination's receive addresses 0…2, each owned by it in the review.
        let fresh = try Self.receiveAddresses(f, wallet: s.destination, start: 0, count: 4)
        let outputs = review["outputs"] as? [[String: Any]] ?? []
        #expect(outputs.count == 3)
        for (index, output) in outputs.enumerated() {
            #expect(output["owner"] as? String == "wallet", "\(output)")
            #expect(output["walletId"] as? String == s.destination)
            #expect(output["address"] as? String == fresh[index])
            #expect(output["scheme"] is String && output["reference"] is String)
        }
        let inputs = review["inputs"] as? [String: Any] ?? [:]
        #expect(inputs["count"] as? Int == 2, "the 1-satoshi coin is not spent")
        #expect(inputs["satoshis"] as? Int == 80_000)

        // The .hftx spends both real coins and pays 80,000 less the fee to the destination.
        let bundle = try TransactionBundle(
            decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: out))), expectedNetwork: .regtest)
        let transaction = try Transaction(bytes: bundle.rawTx)
        #expect(transaction.txid.displayHex == txid)
        #expect(!bundle.inputs.contains { $0.satoshis.satoshis == 1 })
        #expect(transaction.outputs.reduce(0) { $0 + $1.satoshis } + fee == 80_000)
        let cache = SighashCache(transaction: transaction)
        for (index, input) in bundle.inputs.enumerated() {
            let source = try TransactionOutput(
                satoshis: input.satoshis.satoshis, lockingScript: Script(bytes: input.lockingScript))
            #expect(P2PKHVerifier.isValid(input: index, of: cache, sourceOutput: source), "input \(index)")
        }

        // `bundle inspect` of the .hftx names the destination the same way.
        let inspected = try f.run(["bundle", "inspect", out, "--json"], network: "regtest")
        #expect(inspected.exitCode == 0, "stderr: \(inspected.stderr)")
        let inspectedOutputs = (JSONTypes.object(inspected.stdout)["review"] as? [String: Any])?["outputs"]
            as? [[String: Any]] ?? []
        #expect(inspectedOutputs.count == 3)
        #expect(inspectedOutputs.allSatisfy {
            $0["owner"] as? String == "wallet" && $0["walletId"] as? String == s.destination
        })

        // The source keeps only the protected coin, the rest pending out; the destination's index moved on.
        #expect(try Self.balance(f, wallet: s.source)
            == Balance(walletId: s.source, confirmed: 1, pendingOut: 80_000, utxoCount: 1))
        #expect(try Self.balance(f, wallet: s.destination)
            == Balance(walletId: s.destination, confirmed: 0, pendingOut: 0, utxoCount: 0))
        let pending = try f.run(["pending", "list", "--wallet", s.source, "--json"], network: "regtest")
        #expect(pending.stdout.contains(txid), "kept as pending like send: \(pending.stdout)")
        let next = try f.run(["address", "show", "--wallet", s.destination, "--json"], network: "regtest")
        #expect(next.stdout.contains(fresh[3]), "the destination's fresh address is past the three: \(next.stdout)")
        let kept = try f.run(["wallet", "show", "--wallet", s.source], network: "regtest")
        #expect(kept.exitCode == 0, "the source stays")

        // Mined in block 2: the source sees it confirmed, the destination its three coins.
        let block2 = try SignerFixtures.mineBlock(on: s.block1.header, containing: [bundle.rawTx])
        let headers = try f.write("h2", SignerFixtures.regtestBundle([s.block1, block2]))
        let receipt = try f.write("r2", block2.receipt(index: 0, height: 2).encoded())
        for wallet in [s.source, s.destination] {
            let imported = try f.run(["import", "--wallet", wallet, headers, receipt], network: "regtest")
            #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
        }
        #expect(try Self.balance(f, wallet: s.source)
            == Balance(walletId: s.source, confirmed: 1, pendingOut: 0, utxoCount: 1))
        #expect(try Self.balance(f, wallet: s.destination)
            == Balance(walletId: s.destination, confirmed: 80_000 - fee, pendingOut: 0, utxoCount: 3))

        // Now only the protected coin is left: nothing to move, said so, nothing changed.
        let before = try f.homeDigest()
        let again = try f.run(
            ["wallet", "move", "--from", s.source, "--to", s.destination, "--out", f.dir.path("again.hftx"), "--yes"],
            network: "regtest")
        #expect(again.exitCode == 65)
        #expect(again.stderr.contains(
            "no confirmed spendable coin to move; its 1 protected output (1-satoshi or inscription, 0.00000001 BSV "
                + "(1 sat)) is never moved"), "\(again.stderr)")
        #expect(try f.homeDigest() == before)
    }

    @Test func theHumanReviewNamesTheOtherWalletAndWhatStays() throws {
        let s = try Self.twoWallets()
        let moved = try s.f.run(
            ["wallet", "move", "--from", s.source, "--to", s.destination, "--out", s.f.dir.path("m.hftx"), "--yes"],
            network: "regtest")
        #expect(moved.exitCode == 0, "stderr: \(moved.stderr)")
        let fresh = try Self.receiveAddresses(s.f, wallet: s.destination, start: 0, count: 3)
        let lines = moved.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "review: 3 outputs, 2 inputs", "\(moved.stderr)")
        for index in 0..<3 {
            let line = lines.first { $0.hasPrefix("  output \(index): ") } ?? ""
            #expect(line.contains("to \(fresh[index]) (p2pkh), wallet \(s.destination) "), "\(line)")
        }
        #expect(
            lines.contains { $0.hasPrefix("  leaving the wallet: ") && $0.contains("to another wallet of this home") },
            "\(moved.stderr)")
        #expect(lines.contains { $0.hasPrefix("  balance after: 0.00000001 BSV (1 sat) once it confirms") },
                "\(moved.stderr)")
        #expect(lines.contains(
            "  staying: 1 protected output (1-satoshi or inscription, 0.00000001 BSV (1 sat)) stays in wallet "
                + "\(s.source); it is never moved"), "\(moved.stderr)")
        #expect(moved.stdout.hasPrefix("signed "), "\(moved.stdout)")
        #expect(moved.stdout.contains("kept as pending in wallet \(s.source)"), "\(moved.stdout)")
    }

    @Test func everyRefusalChangesNothing() throws {
        let s = try Self.twoWallets()
        let f = s.f
        // A wallet of another network in the same home.
        #expect(try f.run(["init"], network: "main").exitCode == 0)
        let phrase = try f.dir.write("main-phrase", WalletPresetTests.legalWinner)
        let mainImport = try f.run(["wallet", "import", "--mnemonic-file", phrase, "--json"], network: "main")
        #expect(mainImport.exitCode == 0, "stderr: \(mainImport.stderr)")
        let mainWallet = JSONTypes.object(mainImport.stdout)["walletId"] as? String ?? ""
        let out = f.dir.path("refused.hftx")
        let taken = try f.write("taken.hftx", [1, 2, 3])
        let cases: [(arguments: [String], exit: Int32, says: String)] = [
            (["--from", s.source, "--to", s.source, "--out", out, "--yes"], 65, "both name wallet \(s.source)"),
            (["--from", s.source, "--to", String(s.source.prefix(8)), "--out", out, "--yes"], 65, "both name wallet"),
            (["--from", s.source, "--to", "ffffffffff", "--out", out, "--yes"], 65,
             "--to: no wallet on regtest has an ID starting with ffffffffff"),
            (["--from", "0000000000", "--to", s.destination, "--out", out, "--yes"], 65,
             "--from: no wallet on regtest"),
            (["--from", s.source, "--to", "abc", "--out", out, "--yes"], 65, "at least 8 hex digits"),
            (["--from", s.source, "--to", mainWallet, "--out", out, "--yes"], 65,
             "--to \(mainWallet) is wallet \(mainWallet) on main, not on regtest: a move stays on one network"),
            (["--from", s.destination, "--to", s.source, "--out", out, "--yes"], 65,
             "no confirmed spendable coin to move"),
            (["--from", s.source, "--to", s.destination, "--out", out], 64, "no terminal to ask on: give --yes"),
            (["--from", s.source, "--to", s.destination, "--out", taken, "--yes"], 73, "taken.hftx"),
            (["--from", s.source, "--out", out, "--yes"], 64, "--to"),
            (["--from", s.source, "--to", s.destination, "--out", out, "--fee-rate", "x", "--yes"], 64, "--fee-rate"),
        ]
        for (arguments, exit, says) in cases {
            let before = try f.homeDigest()
            let result = try f.run(["wallet", "move"] + arguments, network: "regtest")
            #expect(result.exitCode == exit, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(says), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout)")
            #expect(try f.homeDigest() == before, "\(arguments) changed the home")
            #expect(!FileManager.default.fileExists(atPath: out), "\(arguments) wrote the .hftx")
        }
        let json = try f.run(
            ["wallet", "move", "--from", s.destination, "--to", s.source, "--out", out, "--yes", "--json"],
            network: "regtest")
        #expect(json.stdout.contains("\"code\":\"nothingToMove\""), "\(json.stdout)")
        #expect(try Self.balance(f, wallet: s.source)
            == Balance(walletId: s.source, confirmed: 80_001, pendingOut: 0, utxoCount: 3))
    }

    /// The spending policy applies: a move above the cap is refused (77, nothing changed), and a move it allows
    /// counts in the window as leaving the source wallet (its outputs and fee: all 80,000 satoshis).
    @Test func theSpendingPolicyCountsTheMoveAsLeavingTheWallet() throws {
        let s = try Self.twoWallets()
        let f = s.f
        let words = try f.dir.write("policy-words", "policy words\n")
        let set = try f.run(
            ["policy", "set", "--max-per-tx", "10000", "--policy-passphrase-file", words], network: "regtest")
        #expect(set.exitCode == 0, "stderr: \(set.stderr)")
        let before = try f.homeDigest()
        let out = f.dir.path("move.hftx")
        let refused = try f.run(
            ["wallet", "move", "--from", s.source, "--to", s.destination, "--out", out, "--yes", "--json"],
            network: "regtest")
        #expect(refused.exitCode == 77, "stderr: \(refused.stderr)")
        #expect(refused.stdout.contains("\"code\":\"policyMaxPerTransaction\""), "\(refused.stdout)")
        #expect(try f.homeDigest() == before, "a refused move changed the home")
        #expect(!FileManager.default.fileExists(atPath: out))

        let raised = try f.run(
            ["policy", "set", "--max-per-tx", "100000", "--max-per-window", "200000", "--window", "144",
             "--policy-passphrase-file", words], network: "regtest")
        #expect(raised.exitCode == 0, "stderr: \(raised.stderr)")
        let moved = try f.run(
            ["wallet", "move", "--from", s.source, "--to", s.destination, "--out", out, "--yes"], network: "regtest")
        #expect(moved.exitCode == 0, "stderr: \(moved.stderr)")
        let shown = JSONTypes.object(try f.run(["policy", "show", "--json"], network: "regtest").stdout)
        let window = shown["window"] as? [String: Any]
        #expect(window?["spentSatoshis"] as? Int == 80_000, "\(shown)")
    }
}
