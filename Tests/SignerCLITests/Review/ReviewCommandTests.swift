import Foundation
import HFBundles
import HFPrimitives
import HFTestSupport
import RegtestFixtures
import Testing

/// The review on the command line (issue 16, Review): `--json` results hold the pinned review, `--max-fee` moves
/// the cap, the terminal shows the review and asks on a last line ending `[y/N]` (through a pty), and
/// `bundle inspect FILE.hftx` re-derives owners (a swapped change output shows `external`).
@Suite struct ReviewCommandTests {
    static let stranger = try! Address(hash160: [UInt8](repeating: 0x42, count: 20), network: .regtest)

    func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not an object: \(text)")
    }

    @Test func sendJSONHoldsTheReviewAndKeepsItsFields() throws {
        let (f, _) = try ReorgLedgerTests.funded([100_000])
        let own = try ReceiptImportTests.sampleAddress(f, index: 4)
        let sent = try f.run(
            ["send", "--yes", "--to", own.string, "--amount", "30000", "--out", f.dir.path("a.hftx"), "--json"], network: "regtest")
        #expect(sent.exitCode == 0, "stderr: \(sent.stderr)")
        let result = try object(sent.stdout)
        #expect(Set(result.keys) == ["fee", "pendingId", "txid", "review"])
        #expect(JSONTypes.notNumbers(result, ["fee"]).isEmpty)
        let review = try #require(result["review"] as? [String: Any])
        #expect(ReviewJSONShape.problems(review) == [])
        let outputs = try #require(review["outputs"] as? [[String: Any]])
        #expect(outputs.count == 2)
        #expect(outputs[0]["address"] as? String == own.string && outputs[0]["owner"] as? String == "receive")
        #expect(outputs[0]["scheme"] as? String == "type42" && outputs[0]["reference"] as? String == "1-wallet-4")
        #expect(outputs[1]["owner"] as? String == "change" && outputs[1]["reference"] as? String == "0-change-0")
        #expect(review["fee"] as? Int == result["fee"] as? Int)
        let warnings = try #require(review["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["code"] as? String } == ["ownAddressAsExternal"])
        #expect(warnings[0]["output"] as? Int == 0)
        let inputs = try #require(review["inputs"] as? [String: Any])
        #expect(inputs["count"] as? Int == 1 && inputs["satoshis"] as? Int == 100_000)
        #expect(inputs["oldestHeight"] as? Int == 1 && inputs["youngestHeight"] as? Int == 1)
        #expect(review["nLockTime"] as? Int == 1)
        #expect(!sent.stderr.contains("review:"), "--json without a terminal shows no text review: \(sent.stderr)")
    }

    @Test func maxFeeMovesTheCapAndIsChecked() throws {
        let (f, _) = try ReorgLedgerTests.funded([100_000])
        let sent = try f.run(
            ["send", "--yes", "--to", Self.stranger.string, "--amount", "30000", "--fee-rate", "1000", "--max-fee", "0",
             "--out", f.dir.path("a.hftx"), "--json"], network: "regtest")
        #expect(sent.exitCode == 0, "stderr: \(sent.stderr)")
        let review = try #require(try object(sent.stdout)["review"] as? [String: Any])
        let codes = (review["warnings"] as? [[String: Any]] ?? []).map { $0["code"] as? String }
        #expect(codes == ["feeAboveCap"], "\(review)")
        let before = try f.homeDigest()
        for bad in ["-1", "ten", ""] {
            let refused = try f.run(
                ["send", "--yes", "--to", Self.stranger.string, "--amount", "1000", "--max-fee", bad, "--out", f.dir.path("b.hftx")],
                network: "regtest")
            #expect(refused.exitCode == 64 && refused.stderr.contains("--max-fee"), "\(bad): \(refused.stderr)")
        }
        #expect(try f.homeDigest() == before)
    }

    @Test func splitJSONHoldsTheReviewToo() throws {
        let (f, block) = try ReorgLedgerTests.funded([90_000])
        let txid = Txid(hashing: block.transactions[0]).displayHex
        let split = try f.run(
            ["split", "--yes", "--outpoint", "\(txid):0", "--outputs", "3", "--out", f.dir.path("s.hftx"), "--json"],
            network: "regtest")
        #expect(split.exitCode == 0, "stderr: \(split.stderr)")
        let review = try #require(try object(split.stdout)["review"] as? [String: Any])
        #expect(ReviewJSONShape.problems(review) == [])
        let owners = (review["outputs"] as? [[String: Any]] ?? []).map { $0["owner"] as? String }
        #expect(owners == ["receive", "receive", "receive"])
    }

    /// Without `--json` and without a terminal the review is still shown on stderr, before the result line.
    @Test func theTextReviewIsShownOnStderr() throws {
        let (f, _) = try ReorgLedgerTests.funded([100_000])
        let sent = try f.run(
            ["send", "--yes", "--to", Self.stranger.string, "--amount", "30000", "--out", f.dir.path("a.hftx")], network: "regtest")
        #expect(sent.exitCode == 0, "stderr: \(sent.stderr)")
        let lines = sent.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "review: 2 outputs, 1 input", "\(sent.stderr)")
        #expect(lines.contains("  output 0: 0.0003 BSV (30,000 sat) to \(Self.stranger.string) (p2pkh), external"))
        #expect(lines.contains { $0.hasPrefix("  output 1: ") && $0.hasSuffix("(p2pkh), change type42 0-change-0") })
        #expect(lines.contains("  inputs: 1, 0.001 BSV (100,000 sat), confirmed at heights 1 to 1"))
        #expect(lines.contains { $0.hasPrefix("  fee: ") && $0.hasSuffix("nLockTime 1; sighash ALL|FORKID") })
        // Issue 28: the total leaving the wallet and the balance after, from the fee the review shows.
        let fee = try Self.fee(in: lines)
        #expect(lines.contains(Self.leaving(30_000, fee: fee)), "\(sent.stderr)")
        #expect(lines.contains(Self.balanceAfter(100_000, leaving: 30_000 + fee)), "\(sent.stderr)")
        #expect(sent.stdout == "signed \(try Self.txid(sent.stdout)) (fee \(ExpectedAmount.sat(fee)) sat); kept as pending\n")
    }

    /// Issue 28: an output paying a labelled address of the wallet carries its label; paying oneself, only the fee
    /// leaves the wallet.
    @Test func theReviewShowsLabelsAndWhatLeaves() throws {
        let (f, _) = try ReorgLedgerTests.funded([100_000])
        let listed = try f.run(["address", "list", "--count", "1", "--json"], network: "regtest")
        let entries = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
        let own = try #require(entries?.first?["address"] as? String, "\(listed.stdout)")
        #expect(try f.run(["label", "set", own, "Savings"], network: "regtest").exitCode == 0)
        let sent = try f.run(
            ["send", "--yes", "--to", own, "--amount", "0.0003BSV", "--out", f.dir.path("own.hftx")], network: "regtest")
        #expect(sent.exitCode == 0, "stderr: \(sent.stderr)")
        let lines = sent.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains {
            $0.hasPrefix("  output 0: 0.0003 BSV (30,000 sat) to \(own) (p2pkh), receive ")
                && $0.hasSuffix(", label \"Savings\"")
        }, "\(sent.stderr)")
        #expect(!lines.contains { $0.hasPrefix("  output 1: ") && $0.contains("label") }, "the change has no label")
        let fee = try Self.fee(in: lines)
        #expect(lines.contains(Self.leaving(0, fee: fee)), "\(sent.stderr)")
        #expect(lines.contains(Self.balanceAfter(100_000, leaving: fee)), "\(sent.stderr)")
    }

    // MARK: - Terminal

    func terminalSend(_ f: SignerFixtures, extra: [String] = []) throws -> TerminalProcess {
        try TerminalProcess(
            path: f.signer.url.path,
            arguments: [
                "--home", f.home, "--network", "regtest", "--passphrase-file", f.passphraseFile, "send", "--to",
                Self.stranger.string, "--amount", "30000", "--out", f.dir.path("t.hftx"),
            ] + extra,
            directory: f.dir.url.path)
    }

    @Test func onATerminalTheReviewComesFirstAndTheLastLineEndsYN() throws {
        let (f, _) = try ReorgLedgerTests.funded([100_000])
        let before = try f.homeDigest()
        let send = try terminalSend(f)
        try #require(send.waitFor("[y/N] "), "no confirmation: \(send.text)")
        let lines = send.text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n").map(String.init)
        let review = try #require(lines.firstIndex(of: "review: 2 outputs, 1 input"), "\(send.text)")
        #expect(lines[review + 1] == "  output 0: 0.0003 BSV (30,000 sat) to \(Self.stranger.string) (p2pkh), external")
        #expect(lines[review + 2].hasSuffix("(p2pkh), change type42 0-change-0"))
        #expect(lines[review + 3] == "  inputs: 1, 0.001 BSV (100,000 sat), confirmed at heights 1 to 1")
        #expect(lines[review + 4].hasPrefix("  fee: "))
        let fee = try Self.fee(in: [lines[review + 4]])
        #expect(lines[review + 5] == Self.leaving(30_000, fee: fee))
        #expect(lines[review + 6] == Self.balanceAfter(100_000, leaving: 30_000 + fee))
        #expect(lines.last == "Send 0.0003 BSV (30,000 sat) to \(Self.stranger.string) with a fee of \(ExpectedAmount.sat(fee)) sat? [y/N] ",
                "\(send.text)")
        #expect(lines.count == review + 8, "the question is the line after the review: \(lines)")
        send.type("n\n")
        #expect(send.waitForExit(seconds: 60) == 1)
        #expect(send.text.contains("cancelled; nothing was signed or kept"))
        #expect(!FileManager.default.fileExists(atPath: f.dir.path("t.hftx")))
        #expect(try f.homeDigest() == before, "a refused review changes nothing")
    }

    @Test func yesOnATerminalShowsTheReviewAndSkipsOnlyTheQuestion() throws {
        let (f, _) = try ReorgLedgerTests.funded([100_000])
        let send = try terminalSend(f, extra: ["--yes"])
        #expect(send.waitForExit(seconds: 60) == 0, "\(send.text)")
        #expect(send.text.contains("review: 2 outputs, 1 input"))
        #expect(!send.text.contains("[y/N]"))
        #expect(FileManager.default.fileExists(atPath: f.dir.path("t.hftx")))
    }

    // MARK: - bundle inspect

    @Test func bundleInspectReviewsAHftxAndASwappedChangeIsExternal() throws {
        let (f, _) = try ReorgLedgerTests.funded([100_000])
        let out = f.dir.path("a.hftx")
        let sent = try f.run(
            ["send", "--yes", "--to", Self.stranger.string, "--amount", "30000", "--out", out, "--json"], network: "regtest")
        #expect(sent.exitCode == 0, "stderr: \(sent.stderr)")
        let inspected = try f.run(["bundle", "inspect", out, "--json"], network: "regtest")
        #expect(inspected.exitCode == 0, "stderr: \(inspected.stderr)")
        let honest = try object(inspected.stdout)
        #expect(Set(honest.keys) == ["kind", "network", "summary", "review", "pending"] && honest["kind"] as? String == "hftx")
        #expect(honest["pending"] as? String == "identical")
        #expect((honest["summary"] as? [String: Any])?["signatures"] as? String == "1 of 1 verified")
        let review = try #require(honest["review"] as? [String: Any])
        #expect(ReviewJSONShape.problems(review) == [])
        #expect((review["outputs"] as? [[String: Any]] ?? []).map { $0["owner"] as? String } == ["external", "change"])

        // The same file with its change output paying someone else (the signatures no longer hold; the review
        // must not trust the file's claim either way).
        let bundle = try TransactionBundle(decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: out))), expectedNetwork: .regtest)
        var transaction = try Transaction(bytes: bundle.rawTx)
        let thief = try Address(hash160: [UInt8](repeating: 0x66, count: 20), network: .regtest)
        transaction.outputs[1] = try TransactionOutput(
            satoshis: transaction.outputs[1].satoshis, lockingScript: Script(p2pkhPaying: thief))
        let swapped = try TransactionBundle(
            network: .regtest, rawTx: transaction.serialized, createdAt: bundle.createdAt, inputs: bundle.inputs)
        let file = try f.write("swapped.hftx", swapped.encoded())
        let before = try f.homeDigest()
        let text = try f.run(["bundle", "inspect", file], network: "regtest")
        // Issue 27: the signature no longer verifies: shown, and refused with 65.
        #expect(text.exitCode == 65, "stderr: \(text.stderr)")
        #expect(text.stdout.contains("signatures: 0 of 1 verified, 1 FAILED"), "\(text.stdout)")
        #expect(text.stderr.contains("do not broadcast this .hftx") && text.stderr.contains("input 0"), "\(text.stderr)")
        #expect(text.stdout.contains("pending: not one of this home's pending transactions"), "\(text.stdout)")
        #expect(text.stdout.contains(
                    "  output 1: \(ExpectedAmount.bsv(transaction.outputs[1].satoshis)) to \(thief.string) (p2pkh), external\n"),
                "\(text.stdout)")
        #expect(!text.stdout.contains("change type42"))
        let refused = try f.run(["bundle", "inspect", file, "--json"], network: "regtest")
        #expect(refused.exitCode == 65)
        let json = try object(refused.stdout)
        #expect((json["refused"] as? String)?.contains("1 FAILED") == true, "\(json)")
        let owners = ((json["review"] as? [String: Any])?["outputs"] as? [[String: Any]] ?? []).map { $0["owner"] as? String }
        #expect(owners == ["external", "external"])
        #expect(try f.homeDigest() == before, "inspect changes nothing")
    }

    @Test func bundleInspectWithoutAHomeOnlySummarises() throws {
        let (f, _) = try ReorgLedgerTests.funded([100_000])
        let out = f.dir.path("a.hftx")
        #expect(try f.run(["send", "--yes", "--to", Self.stranger.string, "--amount", "30000", "--out", out], network: "regtest")
            .exitCode == 0)
        let inspected = try f.signer.run(["--home", f.dir.path("nohome"), "bundle", "inspect", out, "--json"])
        #expect(inspected.exitCode == 0, "stderr: \(inspected.stderr)")
        #expect(Set(try object(inspected.stdout).keys) == ["kind", "network", "summary"])
        #expect(inspected.stderr.contains("cannot be re-derived"))
        #expect(!FileManager.default.fileExists(atPath: f.dir.path("nohome")), "inspect created no home")
    }
}

extension ReviewCommandTests {
    struct NoFeeLine: Error {}

    /// The fee of the review's `  fee: N sat (R sat/kB); …` line.
    static func fee(in lines: [String]) throws -> UInt64 {
        guard let line = lines.first(where: { $0.hasPrefix("  fee: ") }),
            let number = line.dropFirst("  fee: ".count).split(separator: " ").first,
            line.dropFirst("  fee: ".count).hasPrefix(number + " sat ("),
            let fee = UInt64(number.filter { $0 != "," })
        else { throw NoFeeLine() }
        return fee
    }

    /// The txid of a `signed TXID (…` result line.
    static func txid(_ stdout: String) throws -> String {
        guard stdout.hasPrefix("signed "), let txid = stdout.dropFirst("signed ".count).split(separator: " ").first
        else { throw NoFeeLine() }
        return String(txid)
    }

    /// Issue 28: `  leaving the wallet: T (E to others and a fee of F sat)`.
    static func leaving(_ external: UInt64, fee: UInt64) -> String {
        "  leaving the wallet: \(ExpectedAmount.bsv(external + fee)) (\(ExpectedAmount.bsv(external)) to others and a "
            + "fee of \(ExpectedAmount.sat(fee)) sat)"
    }

    /// Issue 28: `  balance after: B once it confirms (now C confirmed)`.
    static func balanceAfter(_ confirmed: UInt64, leaving: UInt64) -> String {
        "  balance after: \(ExpectedAmount.bsv(confirmed - leaving)) once it confirms (now "
            + "\(ExpectedAmount.bsv(confirmed)) confirmed)"
    }
}
