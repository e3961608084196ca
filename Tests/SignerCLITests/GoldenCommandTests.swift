import Foundation
import HFBundles
import HFPrimitives
import HFSPV
import HFTestSupport
import RegtestFixtures
import Testing

/// The rest of the signer's human screens against `Tests/Golden/signer-commands.txt` (issue 28; `GoldenOutputTests`
/// has `status`, `balance`, the review, `pending list`, `history` and `utxos`): `init`, `wallet import|create|list`,
/// `address list|show|next`, `export addrpack`, `bundle inspect`, `headers status`, the import of an update,
/// `pending export|cancel`, `keys selftest`, `backup create`, `policy show`, and the refusals of the common wrong
/// files, on one regtest home made deterministic as `GoldenOutputTests`' (the sample phrase, blocks mined on the
/// regtest genesis, an update with a fixed time). What depends on the run is replaced as `GoldenScreens` does; the
/// one wallet made from the kernel's generator (`wallet create`) has its ID and identity key replaced by
/// `<NEW-WALLET>` and `<NEW-IDENTITY>`.
@Suite struct GoldenCommandTests {
    /// The screens, in order.
    static func screens() throws -> String {
        let f = try SignerFixtures()
        var screens = GoldenScreens()
        func screen(_ arguments: [String]) throws {
            let result = try f.run(arguments, network: "regtest")
            screens.add(
                "hf-signer", arguments, exitCode: result.exitCode, stdout: result.stdout, stderr: result.stderr)
        }
        func json(_ arguments: [String]) throws -> Any {
            try JSONSerialization.jsonObject(with: Data(f.run(arguments + ["--json"], network: "regtest").stdout.utf8))
        }
        try screen(["init"])
        let phrase = try f.dir.write("phrase", KeysDeriveTests.samplePhrase)
        try screen(["wallet", "import", "--mnemonic-file", phrase, "--title", "Savings"])
        let sample = try json(["wallet", "show"]) as? [String: Any] ?? [:]
        let sampleID = sample["walletId"] as? String ?? ""
        try screen(["wallet", "create", "--title", "Spare", "--mnemonic-out", f.dir.path("spare-phrase")])
        try screen(["wallet", "list"])
        try screen(["address", "list", "--count", "3"])
        try screen(["address", "show", "1"])
        try screen(["address", "next"])
        try screen(["export", "addrpack", "--out", f.dir.path("p.hfaddrpack")])
        try screen(["bundle", "inspect", f.dir.path("p.hfaddrpack")])
        try screen(["headers", "status"])

        // An update from the watcher: block 1 paying receive address 0, and its receipt.
        let address = try ReceiptImportTests.sampleAddress(f, index: 0)
        let input = TransactionInput(
            previousOutput: OutPoint(txid: Txid(hashing: [UInt8](repeating: 0x07, count: 32)), vout: 0),
            unlockingScript: Script(bytes: [0x51]))
        let outputs = try [40_000, 25_000].map {
            try TransactionOutput(satoshis: $0, lockingScript: Script(p2pkhPaying: address))
        }
        let block = try SignerFixtures.mineBlock(
            on: Checkpoint.regtest.header, containing: [Transaction(inputs: [input], outputs: outputs).serialized])
        let update = try UpdateBundle(
            network: .regtest, walletID: Hex.decode(sampleID), createdAt: RFC3339Timestamp("2011-02-03T00:00:00Z"),
            headers: [HeadersBundle(decoding: SignerFixtures.regtestBundle([block]), expectedNetwork: .regtest)],
            receipts: [block.receipt(index: 0, height: 1)], feeQuote: nil, usedIndexes: [])
        let updateFile = try f.write("u.hfupdate", update.encoded())
        try screen(["bundle", "inspect", updateFile])
        try screen(["import", updateFile])
        try screen(["headers", "status"])

        let stranger = GoldenOutputTests.stranger.string
        let paid = try f.run(
            ["send", "--to", stranger, "--amount", "10000sat", "--out", f.dir.path("pay.hftx"), "--yes"],
            network: "regtest")
        #expect(paid.exitCode == 0, "stderr: \(paid.stderr)")
        let pending = try json(["pending", "list"]) as? [[String: Any]] ?? []
        let txid = pending.first?["txid"] as? String ?? "?"
        try screen(["bundle", "inspect", f.dir.path("pay.hftx")])
        try screen(["pending", "export", String(txid.prefix(12)), "--out", f.dir.path("again.hftx")])
        try screen(["pending", "cancel", String(txid.prefix(12))])
        try screen(["keys", "selftest"])
        let password = try f.dir.write("backup-password", "correct horse battery staple\n")
        try screen(["backup", "create", "--out", f.dir.path("home.bep"), "--password-file", password])
        try screen(["policy", "show"])

        // The common wrong files, each refused with a direction and changing nothing.
        let empty = f.dir.path("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try screen(["import", f.dir.path("p.hfaddrpack")])
        try screen(["import", f.dir.path("pay.hftx")])
        try screen(["import", f.dir.path("home.bep")])
        try screen(["import", phrase])
        try screen(["import", empty])
        try screen(["import", f.dir.path("missing.hfupdate")])
        // A network the home holds nothing for (run without the fixture's `--network regtest`).
        let refused = try HomeNetworkTests.run(f, ["--network", "main", "balance"])
        screens.add(
            "hf-signer", ["--network", "main", "balance"], exitCode: refused.exitCode, stdout: refused.stdout,
            stderr: refused.stderr)

        var text = GoldenScreens.normalized(screens.text, directory: f.dir.path(""))
        let wallets = try json(["wallet", "list"]) as? [[String: Any]] ?? []
        for wallet in wallets where wallet["walletId"] as? String != sampleID {
            for (key, mask) in [("walletId", "<NEW-WALLET>"), ("identityKey", "<NEW-IDENTITY>")] {
                guard let value = wallet[key] as? String, value.count >= 16 else { continue }
                text = text.replacingOccurrences(of: value, with: mask)
                text = text.replacingOccurrences(of: String(value.prefix(16)), with: mask)
            }
        }
        // The self-test measures fresh output of the kernel's generator: its figures change per run.
        for pattern in [#"(equal bytes: )\d+( in)"#, #"(first byte: )\d+( in a window)"#] {
            text = text.replacingOccurrences(of: pattern, with: "$1<N>$2", options: .regularExpression)
        }
        return text
    }

    @Test func theSignersCommandScreensAreTheGoldenOnes() throws {
        let screens = try Self.screens()
        let mismatch = try GoldenScreens.mismatch(screens, golden: "signer-commands.txt")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }
}
