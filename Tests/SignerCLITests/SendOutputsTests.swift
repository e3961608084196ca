import Foundation
import HFBundles
import HFPrimitives
import HFTestSupport
import HFWallet
import RegtestFixtures
import Testing

/// `send` with the pay view's outputs: several recipients (`--to/--amount` pairs, `--pay`), custom scripts, data
/// pushes, a B:// upload and data-only transactions — each signed, parsed back from its `.hftx` and verified input
/// by input — and every refusal with its exit code, nothing kept.
@Suite struct SendOutputsTests {
    static let alice = try! Address(hash160: [UInt8](repeating: 0x41, count: 20), network: .regtest)
    static let bob = try! Address(hash160: [UInt8](repeating: 0x42, count: 20), network: .regtest)
    /// `OP_2 OP_2 OP_ADD OP_4 OP_EQUAL`.
    static let puzzle = "5252935487"

    /// Runs `send` with `arguments` and `--out`, expecting success; returns the parsed transaction and its bundle.
    func send(
        _ f: SignerFixtures, _ arguments: [String], out name: String
    ) throws -> (Transaction, TransactionBundle, BuiltTool.Result) {
        let out = f.dir.path(name)
        let result = try f.run(["send"] + arguments + ["--out", out, "--yes"], network: "regtest")
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        let bundle = try TransactionBundle(
            decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: out))), expectedNetwork: .regtest)
        let transaction = try Transaction(bytes: bundle.rawTx)
        try Self.verifyInputs(transaction, bundle: bundle)
        return (transaction, bundle, result)
    }

    /// Every input verifies against the source output its `.hftx` lists (the signer's own check, run again here).
    static func verifyInputs(_ transaction: Transaction, bundle: TransactionBundle) throws {
        #expect(bundle.inputs.count == transaction.inputs.count && !bundle.inputs.isEmpty)
        let cache = SighashCache(transaction: transaction)
        for (index, input) in bundle.inputs.enumerated() {
            #expect(transaction.inputs[index].previousOutput == OutPoint(txid: input.txid, vout: input.vout))
            let source = TransactionOutput(amount: input.satoshis, lockingScript: Script(bytes: input.lockingScript))
            try P2PKHVerifier.verify(input: index, of: cache, sourceOutput: source)
        }
    }

    @Test func recipientsScriptsDataAndAnUploadInOneTransaction() throws {
        let (f, _) = try SignerFixtures.funded([50_000, 30_000, 20_000])
        let note = try f.write("note.bin", Array(repeating: 0xee, count: 300))
        let png = try f.write("dot.png", TinyPNG.bytes)
        let (tx, _, result) = try send(f, [
            "--to", Self.alice.string, "--amount", "1000", "--script", Self.puzzle, "--amount", "2000",
            "--to", Self.bob.string, "--amount", "3000", "--data", "68656c6c6f", "--data", "@" + note,
            "--data", "00ff", "--upload", png,
        ], out: "all.hftx")
        #expect(tx.outputs.count == 6, "three payments, one data output, one upload, one change")
        #expect(tx.outputs[0] == (try TransactionOutput(satoshis: 1000, lockingScript: Script(p2pkhPaying: Self.alice))))
        #expect(tx.outputs[1] == (try TransactionOutput(satoshis: 2000, lockingScript: Script(hex: Self.puzzle))))
        #expect(tx.outputs[2] == (try TransactionOutput(satoshis: 3000, lockingScript: Script(p2pkhPaying: Self.bob))))
        #expect(tx.outputs[3].satoshis == 0)
        #expect(try tx.outputs[3].lockingScript.dataOutputPushes() == [
            Array("hello".utf8), Array(repeating: 0xee, count: 300), [0x00, 0xff],
        ])
        #expect(tx.outputs[4].satoshis == 0)
        #expect(tx.outputs[4].lockingScript == Script(bUpload: TinyPNG.bytes, mediaType: "image/png", filename: "dot.png"))
        #expect(tx.outputs[5].satoshis > 40_000 && tx.outputs[5].lockingScript.isP2PKH, "change")
        #expect(result.stdout.hasPrefix("signed \(tx.txid.displayHex) (fee "))
        let pending = try f.run(["pending", "list", "--json"], network: "regtest")
        #expect(pending.stdout.contains(tx.txid.displayHex))
    }

    @Test func payFormAndTheUploadsMediaTypeFromMime() throws {
        let (f, _) = try SignerFixtures.funded([50_000])
        let file = try f.write("picture.dat", TinyPNG.bytes)
        let (tx, _, _) = try send(f, [
            "--pay", "\(Self.alice.string)=1500", "--script", Self.puzzle, "--amount", "700",
            "--pay", "\(Self.bob.string)=2500", "--upload", file, "--mime", "image/png",
        ], out: "pay.hftx")
        #expect(tx.outputs.map(\.satoshis).prefix(4) == [1500, 700, 2500, 0])
        #expect(tx.outputs[0].lockingScript == Script(p2pkhPaying: Self.alice))
        #expect(tx.outputs[1].lockingScript == (try Script(hex: Self.puzzle)))
        #expect(tx.outputs[2].lockingScript == Script(p2pkhPaying: Self.bob))
        #expect(tx.outputs[3].lockingScript == Script(bUpload: TinyPNG.bytes, mediaType: "image/png", filename: "picture.dat"))
    }

    @Test func aDataOnlyTransactionPaysNobodyAndTheChangePaysTheFee() throws {
        let (f, _) = try SignerFixtures.funded([50_000, 40_000])
        let (tx, bundle, result) = try send(f, ["--data", "6f6e6c79", "--data", "64617461", "--json"], out: "data.hftx")
        #expect(tx.outputs.count == 2)
        #expect(try tx.outputs[0].lockingScript.dataOutputPushes() == [Array("only".utf8), Array("data".utf8)])
        #expect(tx.outputs[0].satoshis == 0)
        let fee = 50_000 - tx.outputs[1].satoshis
        #expect(bundle.inputs.map(\.satoshis.satoshis) == [50_000])
        // The result's own figures, and the review of the two outputs (its shape is pinned by ReviewCommandTests).
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["fee"] as? Int == Int(fee))
        #expect(json["pendingId"] as? String == tx.txid.displayHex && json["txid"] as? String == tx.txid.displayHex)
        let outputs = try #require((json["review"] as? [String: Any])?["outputs"] as? [[String: Any]])
        #expect(outputs.map { $0["kind"] as? String } == ["data", "p2pkh"])
        #expect(outputs.map { $0["owner"] as? String } == ["external", "change"])
        // An upload alone is a data-only transaction too.
        let png = try f.write("dot.png", TinyPNG.bytes)
        let (upload, _, _) = try send(f, ["--upload", png], out: "upload.hftx")
        #expect(upload.outputs.count == 2 && upload.outputs[0].satoshis == 0 && upload.outputs[0].lockingScript.isDataOutput)
    }

    /// Issue 28: `--amount 0.0006BSV`, `60000sat` and `60,000` make the same payment as `--amount 60000`, and
    /// `--pay` reads the same syntax.
    @Test func anAmountInBSVPaysTheSameSatoshis() throws {
        let (f, _) = try SignerFixtures.funded([100_000, 100_000, 100_000, 100_000, 100_000, 100_000])
        let (plain, _, _) = try send(f, ["--to", Self.alice.string, "--amount", "60000"], out: "plain.hftx")
        #expect(plain.outputs[0].satoshis == 60_000 && plain.outputs[0].lockingScript == Script(p2pkhPaying: Self.alice))
        for (index, written) in ["0.0006BSV", "0.0006 bsv", "60000sat", "60,000"].enumerated() {
            let (tx, _, _) = try send(f, ["--to", Self.alice.string, "--amount", written], out: "bsv\(index).hftx")
            #expect(tx.outputs[0].satoshis == plain.outputs[0].satoshis, "\(written)")
            #expect(tx.outputs[0].lockingScript == plain.outputs[0].lockingScript, "\(written)")
        }
        let (paid, _, _) = try send(f, ["--pay", "\(Self.bob.string)=0.0006BSV"], out: "pay.hftx")
        #expect(paid.outputs[0].satoshis == 60_000 && paid.outputs[0].lockingScript == Script(p2pkhPaying: Self.bob))
    }

    @Test func theOneRecipientSendIsUnchanged() throws {
        let (f, _) = try SignerFixtures.funded([5_000, 4_000])
        let (tx, _, text) = try send(f, ["--to", Self.alice.string, "--amount", "1000"], out: "one.hftx")
        #expect(tx.outputs.count == 2)
        let fee = 5_000 - 1000 - tx.outputs[1].satoshis
        #expect(text.stdout == "signed \(tx.txid.displayHex) (fee \(ExpectedAmount.sat(fee)) sat); kept as pending\n")
        let (json, _, result) = try send(
            f, ["--to", Self.bob.string, "--amount", "1000", "--data", "0102", "--json"], out: "two.hftx")
        #expect(json.outputs.count == 3 && json.outputs[1].satoshis == 0)
        #expect(result.stdout.hasPrefix("{\"fee\":") && result.stdout.contains("\"pendingId\":\"\(json.txid.displayHex)\""))
    }

    @Test func everyRefusalHasItsExitCodeAndKeepsNothing() throws {
        let (f, _) = try SignerFixtures.funded([50_000])
        let a = Self.alice.string
        let png = try f.write("dot.png", TinyPNG.bytes)
        let unknown = try f.write("dot.xyz", TinyPNG.bytes)
        let tooBig = try f.write("big.png", Array(repeating: 1, count: 100_001))
        let nearlyTooBig = try f.write("near.png", Array(repeating: 1, count: 99_950))
        let empty = try f.write("empty.bin", [])
        let cases: [(String, [String], Int32, String)] = [
            ("bad hex data", ["--data", "zz"], 64, "--data must be non-empty hex or @FILE"),
            ("missing data file", ["--data", "@" + f.dir.path("absent")], 66, "cannot read"),
            ("empty data file", ["--data", "@" + empty], 65, "the data output is empty"),
            ("data file too big", ["--data", "@" + tooBig], 65, "larger than 100000 bytes"),
            ("bad hex script", ["--script", "zz", "--amount", "5"], 64, "--script must be a locking script in hex"),
            ("unparsable script", ["--script", "760501", "--amount", "5"], 65, "does not parse"),
            ("script is data", ["--script", "006a0101", "--amount", "5"], 65, "is a data output"),
            ("upload too big to read", ["--upload", tooBig], 65, "larger than 100000 bytes"),
            ("upload over the ceiling", ["--upload", nearlyTooBig], 65, "100000"),
            ("missing upload", ["--upload", f.dir.path("none.png")], 66, "cannot read"),
            ("unknown media type", ["--upload", unknown], 64, "give it with --mime"),
            ("bad mime", ["--upload", png, "--mime", "png"], 64, "is not a media type"),
            ("mime alone", ["--data", "01", "--mime", "image/png"], 64, "--mime describes an --upload"),
            ("more --to than --amount", ["--to", a, "--to", a, "--amount", "5"], 64, "2 --to/--script output(s) but 1"),
            ("more --amount than --to", ["--to", a, "--amount", "5", "--amount", "6"], 64, "1 --to/--script output(s) but 2"),
            ("--script without amount", ["--pay", "\(a)=5", "--script", Self.puzzle], 64, "but 0 --amount"),
            ("amount 0", ["--to", a, "--amount", "0"], 64, "--amount must be above 0, not '0'"),
            (
                "bare decimal", ["--to", a, "--amount", "0.0006"], 64,
                "--amount 0.0006 is not a whole number of satoshis; write 0.0006BSV for 60000 satoshis"
            ),
            (
                "pay bare decimal", ["--pay", "\(a)=0.5"], 64,
                "--pay 0.5 is not a whole number of satoshis; write 0.5BSV for 50000000 satoshis"
            ),
            (
                "nine decimals", ["--to", a, "--amount", "0.000600001BSV"], 64,
                "--amount 0.000600001BSV has more than 8 decimal places; 1 satoshi is 0.00000001BSV"
            ),
            ("script amount 0", ["--script", Self.puzzle, "--amount", "0"], 64, "above 0"),
            ("pay 0", ["--pay", "\(a)=0"], 64, "--pay must be above 0, not '0'"),
            ("pay without =", ["--pay", a], 64, "--pay takes ADDRESS=AMOUNT"),
            ("pay and to mixed", ["--pay", "\(a)=5", "--to", a, "--amount", "5"], 64, "not both"),
            ("no outputs", [], 64, "nothing to send"),
            ("request and script", ["--request", png, "--script", Self.puzzle, "--amount", "5"], 64, "--request replaces"),
            ("not an address", ["--to", "nope", "--amount", "5"], 65, "is not a regtest address"),
            ("more than the wallet has", ["--pay", "\(a)=60000"], 65, "insufficient"),
        ]
        let before = try f.homeDigest()
        for (label, arguments, code, message) in cases {
            let out = f.dir.path("refused.hftx")
            let result = try f.run(["send"] + arguments + ["--out", out, "--yes"], network: "regtest")
            #expect(result.exitCode == code, "\(label): stderr \(result.stderr)")
            #expect(result.stderr.contains(message), "\(label): stderr \(result.stderr)")
            #expect(!somethingExists(at: out), "\(label): no .hftx")
            #expect(try f.homeDigest() == before, "\(label): the home is unchanged")
        }
        let pending = try f.run(["pending", "list", "--json"], network: "regtest")
        #expect(pending.stdout == "[]\n")
    }
}
