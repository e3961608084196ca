import Foundation
import HFBundles
import HFCrypto
import HFPrimitives
import HFSPV
import HFTestSupport
import HFWallet
import RegtestFixtures
import Testing

/// Sweeping foreign keys on the signer, offline, on a mined regtest chain: scan/`sweep add` of WIFs → receipts of
/// payments to them → `sweep status` → `sweep spend` → its receipt → the balance.
@Suite struct SweepFlowTests {
    /// The Bitcoin wiki's WIF example key 0c28fca3…aa1d on test/regtest (0xef), compressed and uncompressed, with the
    /// addresses cross-checked with coincurve.
    static let compressedWIF = "cMzLdeGd5vEqxB8B6VFQoRopQ3sLAAvEzDAoQgvX54xwofSWj1fx"
    static let compressedAddress = "n1KSZGmQgB8iSZqv6UVhGkCGUbEdw8Lm3Q"
    static let uncompressedWIF = "91gGn1HgSap6CbU12F6z3pJri26xzp7Ay1VW6NHCoEayNXwRpu2"
    static let uncompressedAddress = "mvgbzkCSgKbYgaeG38auUzR7otscEGi8U7"
    /// The same key on mainnet (0x80): refused on regtest.
    static let mainnetWIF = "5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTJ"

    struct Status: Decodable {
        struct Output: Decodable {
            let txid: String
            let vout: UInt32
            let address: String
            let satoshis: UInt64
            let spentBy: String?
        }
        let addresses: [String]
        let outputs: [Output]
        let unspentSatoshis: UInt64
    }

    func status(_ s: ScanFixtures) throws -> Status {
        let result = try s.f.run(["sweep", "status", "--json"], network: "regtest")
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        return try JSONDecoder().decode(Status.self, from: Data(result.stdout.utf8))
    }

    func sweepBundle(_ s: ScanFixtures, _ name: String) throws -> SweepRequestBundle {
        try SweepRequestBundle(
            decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: s.f.dir.path(name)))), expectedNetwork: .regtest)
    }

    @Test func scannedAndFileWIFsBecomeSignedSweepAddresses() throws {
        let s = try ScanFixtures()
        let scanned = try s.scan(["--text", "--out", s.f.dir.path("a.hfsweep"), "--json"], stdin: Self.compressedWIF + "\n")
        #expect(scanned.exitCode == 0, "stderr: \(scanned.stderr)")
        #expect(scanned.stdout.contains("\"address\":\"\(Self.compressedAddress)\""))
        #expect(!scanned.stdout.contains(Self.compressedWIF) && !scanned.stderr.contains(Self.compressedWIF))
        let first = try sweepBundle(s, "a.hfsweep")
        try first.verify()
        #expect(first.addresses.map(\.string) == [Self.compressedAddress])
        let identity = try s.f.run(["wallet", "list", "--json"], network: "regtest")
        #expect(identity.stdout.contains(first.walletID.hex))

        let wifFile = try s.f.dir.write("key.wif", Self.uncompressedWIF + "\n")
        let added = try s.f.run(["sweep", "add", "--wif-file", wifFile, "--out", s.f.dir.path("b.hfsweep")], network: "regtest")
        #expect(added.exitCode == 0, "stderr: \(added.stderr)")
        #expect(!added.stderr.contains("not in .bep backups"), "sweep keys travel in .bep backups now (version 2)")
        let second = try sweepBundle(s, "b.hfsweep")
        try second.verify()
        #expect(second.addresses.map(\.string) == [Self.compressedAddress, Self.uncompressedAddress])

        // Adding again changes nothing but writes the request again.
        let again = try s.f.run(["sweep", "add", "--wif-file", wifFile, "--out", s.f.dir.path("c.hfsweep"), "--json"], network: "regtest")
        #expect(again.exitCode == 0)
        #expect(again.stdout.contains("\"added\":false"))
        #expect(!again.stderr.contains("backups"))
        #expect(try status(s).addresses == [Self.compressedAddress, Self.uncompressedAddress])
        let vault = try s.f.run(["vault", "list", "--json"], network: "regtest")
        #expect(vault.stdout.contains("sweep-d9351dcbad5b8f3b") && vault.stdout.contains("sweep-a65d1a239d4ec666"),
                "stdout: \(vault.stdout)")
    }

    @Test func badKeysAreRefusedAndChangeNothing() throws {
        let s = try ScanFixtures()
        let mainnet = try s.scan(["--text", "--out", s.f.dir.path("x.hfsweep")], stdin: Self.mainnetWIF)
        #expect(mainnet.exitCode == 65, "stderr: \(mainnet.stderr)")
        #expect(mainnet.stderr.contains("mainnet WIF"))
        var typo = Array(Self.compressedWIF)
        typo[10] = typo[10] == "a" ? "b" : "a"
        let malformed = try s.scan(["--text", "--out", s.f.dir.path("x.hfsweep")], stdin: String(typo))
        #expect(malformed.exitCode == 65, "stderr: \(malformed.stderr)")
        #expect(!malformed.stderr.contains(String(typo)), "the secret is never echoed")
        let fileMainnet = try s.f.dir.write("main.wif", Self.mainnetWIF)
        #expect(try s.f.run(["sweep", "add", "--wif-file", fileMainnet, "--out", s.f.dir.path("x.hfsweep")],
                            network: "regtest").exitCode == 65)
        let open = try s.f.dir.write("open.wif", Self.compressedWIF, mode: 0o644)
        #expect(try s.f.run(["sweep", "add", "--wif-file", open, "--out", s.f.dir.path("x.hfsweep")],
                            network: "regtest").exitCode == 77)
        #expect(!s.exists("x.hfsweep"))
        #expect(try status(s).addresses.isEmpty)
        let nothing = try s.f.run(["sweep", "spend", "--yes", "--out", s.f.dir.path("x.hftx")], network: "regtest")
        #expect(nothing.exitCode == 65, "stderr: \(nothing.stderr)")
        #expect(nothing.stderr.contains("no proven unspent output"))
        #expect(!s.exists("x.hftx"))
    }

    @Test func provenSweepOutputsAreSweptIntoTheBalance() throws {
        let s = try ScanFixtures()
        for (name, wif) in [("a", Self.compressedWIF), ("b", Self.uncompressedWIF)] {
            let file = try s.f.dir.write(name + ".wif", wif)
            #expect(try s.f.run(["sweep", "add", "--wif-file", file, "--out", s.f.dir.path(name + ".hfsweep")],
                                network: "regtest").exitCode == 0)
        }
        // Block 1 pays the wallet (s.block) … and a second transaction pays both sweep addresses.
        let funding = try SignerFixtures.payment(
            to: Address(string: Self.compressedAddress, network: .regtest), amounts: [30_000])
        var fundingTx = try Transaction(bytes: funding)
        fundingTx.outputs.append(try TransactionOutput(
            satoshis: 20_000, lockingScript: Script(p2pkhPaying: Address(string: Self.uncompressedAddress, network: .regtest))))
        let block1 = try SignerFixtures.mineBlock(on: Checkpoint.regtest.header, containing: [fundingTx.serialized])
        let imported = try s.f.run([
            "import", s.f.write("h1", SignerFixtures.regtestBundle([block1])),
            s.f.write("r1", block1.receipt(index: 0, height: 1).encoded()), "--json",
        ], network: "regtest")
        #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
        #expect(imported.stdout.contains("\"received\":0"), "sweep outputs are not the wallet's")
        #expect(try s.confirmed() == 0)
        let before = try status(s)
        #expect(before.unspentSatoshis == 50_000)
        #expect(before.outputs.count == 2 && before.outputs.allSatisfy { $0.spentBy == nil })

        let out = s.f.dir.path("sweep.hftx")
        // Issue 27: without a terminal and without --yes nothing is signed, kept or written.
        let home = try s.f.homeDigest()
        let unasked = try s.f.run(["sweep", "spend", "--out", out, "--fee-rate", "500"], network: "regtest")
        #expect(unasked.exitCode == 64 && unasked.stderr.contains("--yes"), "stderr: \(unasked.stderr)")
        #expect(!s.exists("sweep.hftx"))
        #expect(try s.f.homeDigest() == home)
        let swept = try s.f.run(["sweep", "spend", "--yes", "--out", out, "--fee-rate", "500", "--json"], network: "regtest")
        #expect(swept.exitCode == 0, "stderr: \(swept.stderr)")
        // Issue 16: the sweep's review in its --json result — one output, the wallet's own receive address
        // (re-derived), both swept inputs.
        let sweptResult = try #require(try JSONSerialization.jsonObject(with: Data(swept.stdout.utf8)) as? [String: Any])
        let sweepReview = try #require(sweptResult["review"] as? [String: Any])
        #expect(ReviewJSONShape.problems(sweepReview) == [])
        let sweepOutputs = sweepReview["outputs"] as? [[String: Any]] ?? []
        #expect(sweepOutputs.count == 1 && sweepOutputs.first?["owner"] as? String == "receive", "\(sweepReview)")
        #expect((sweepReview["inputs"] as? [String: Any])?["count"] as? Int == 2)
        #expect(sweepReview["fee"] as? Int == sweptResult["fee"] as? Int)
        let bundle = try TransactionBundle(decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: out))), expectedNetwork: .regtest)
        let transaction = try Transaction(bytes: bundle.rawTx)
        #expect(transaction.inputs.count == 2 && transaction.outputs.count == 1)
        let cache = SighashCache(transaction: transaction)
        for (index, input) in bundle.inputs.enumerated() {
            let source = try TransactionOutput(satoshis: input.satoshis.satoshis, lockingScript: Script(bytes: input.lockingScript))
            #expect(P2PKHVerifier.isValid(input: index, of: cache, sourceOutput: source), "input \(index)")
        }
        let receive0 = try ReceiptImportTests.sampleAddress(s.f, index: 0)
        #expect(transaction.outputs[0].lockingScript.p2pkhAddress(network: .regtest) == receive0)
        let amount = transaction.outputs[0].satoshis
        #expect(amount < 50_000 && amount > 49_000)
        #expect(try status(s).outputs.allSatisfy { $0.spentBy == transaction.txid.displayHex })
        #expect(try status(s).unspentSatoshis == 0)
        let twice = try s.f.run(["sweep", "spend", "--yes", "--out", s.f.dir.path("again.hftx")], network: "regtest")
        #expect(twice.exitCode == 65, "the pending sweep already spends them")

        // The sweep is mined in block 2; its receipt puts the amount in the balance.
        let block2 = try SignerFixtures.mineBlock(on: block1.header, containing: [transaction.serialized])
        let confirmed = try s.f.run([
            "import", s.f.write("h2", SignerFixtures.regtestBundle([block1, block2])),
            s.f.write("r2", block2.receipt(index: 0, height: 2).encoded()),
        ], network: "regtest")
        #expect(confirmed.exitCode == 0, "stderr: \(confirmed.stderr)")
        #expect(try s.confirmed() == amount)
    }
}

/// The `.hfsweep` travels by QR like the other signed bundles; the signer itself does not import it.
@Suite struct SweepCarriageTests {
    @Test func aSweepRequestRoundTripsThroughQRAndScanRefusesIt() throws {
        let s = try ScanFixtures()
        let file = try s.f.dir.write("k.wif", SweepFlowTests.compressedWIF)
        #expect(try s.f.run(["sweep", "add", "--wif-file", file, "--out", s.f.dir.path("a.hfsweep")], network: "regtest").exitCode == 0)
        let frames = s.f.dir.path("frames")
        let encoded = try s.f.signer.run(["qr", "encode", s.f.dir.path("a.hfsweep"), "--out-dir", frames])
        #expect(encoded.exitCode == 0, "stderr: \(encoded.stderr)")
        let decoded = try s.f.signer.run(["qr", "decode", frames, "--out", s.f.dir.path("b.hfsweep"), "--json"])
        #expect(decoded.exitCode == 0, "stderr: \(decoded.stderr)")
        #expect(decoded.stdout.contains("\"kind\":\"hfsweep\""))
        #expect(FileManager.default.contents(atPath: s.f.dir.path("a.hfsweep")) == FileManager.default.contents(atPath: s.f.dir.path("b.hfsweep")))
        let scanned = try s.scan([frames])
        #expect(scanned.exitCode == 65)
        #expect(scanned.stderr.contains("does not import hfsweep"), "stderr: \(scanned.stderr)")
    }
}
