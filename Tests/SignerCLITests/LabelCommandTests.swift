import Foundation
import HFBundles
import HFPrimitives
import HFSPV
import HFTestSupport
import RegtestFixtures
import Testing

/// `hf-signer label set|list|export|import` (issue 18): labels kept per wallet, carried by backups (version 3) and
/// wallet files (version 2) with the gap limit, exported and imported as BIP-329 lines with the counts; every
/// refusal leaves the home byte for byte as it was.
@Suite struct LabelCommandTests {
    /// A funded regtest home: the sample wallet, one payment to receive index 0 confirmed in block 1.
    struct Funded {
        let f: SignerFixtures
        let address: String
        let txid: String
        let outputs: Int
    }

    func funded() throws -> Funded {
        let f = try SignerFixtures()
        #expect(try f.run(["init"], network: "regtest").exitCode == 0)
        let phrase = try f.dir.write("phrase", KeysDeriveTests.samplePhrase)
        #expect(try f.run(["wallet", "import", "--mnemonic-file", phrase], network: "regtest").exitCode == 0)
        let address = try ReceiptImportTests.sampleAddress(f)
        let pay = try SignerFixtures.payment(to: address, amounts: [25_000])
        let block = try SignerFixtures.mineBlock(on: Checkpoint.regtest.header, containing: [pay])
        let imported = try f.run([
            "import", f.write("h", SignerFixtures.regtestBundle([block])), f.write("r", block.receipt(index: 0, height: 1).encoded()),
        ], network: "regtest")
        #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
        let transaction = try Transaction(bytes: pay)
        return Funded(f: f, address: address.string, txid: transaction.txid.displayHex, outputs: transaction.outputs.count)
    }

    func object(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    /// The references of a new address pack of `home`.
    func references(_ home: SignerFixtures, _ name: String) throws -> [String] {
        let path = home.dir.path(name)
        let export = try home.run(["export", "addrpack", "--out", path], network: "regtest")
        #expect(export.exitCode == 0, "stderr: \(export.stderr)")
        let pack = try object(String(contentsOfFile: path, encoding: .utf8))
        return (pack["entries"] as? [[String: Any]] ?? []).compactMap { $0["reference"] as? String }
    }

    func backup(_ f: SignerFixtures, _ name: String) throws -> (bep: String, password: String) {
        let password = try f.dir.write("\(name)-password", "backup pw")
        let bep = f.dir.path("\(name).bep")
        let created = try f.run(["backup", "create", "--out", bep, "--password-file", password], network: "regtest")
        #expect(created.exitCode == 0, "stderr: \(created.stderr)")
        return (bep, password)
    }

    func restored(_ backup: (bep: String, password: String)) throws -> SignerFixtures {
        let g = try SignerFixtures()
        let restore = try g.run(["backup", "restore", backup.bep, "--password-file", backup.password], network: "regtest")
        #expect(restore.exitCode == 0, "stderr: \(restore.stderr)")
        return g
    }

    /// The labels the tests set, as `label list --json` prints them (by type, then reference).
    func expectedList(_ w: Funded) -> String {
        #"[{"label":"Rent, December","ref":"\#(w.address)","type":"addr"},"#
            + #"{"label":"Coin é","ref":"\#(w.txid):0","type":"output"},"#
            + #"{"label":"Salary \"Nov\"","ref":"\#(w.txid)","type":"tx"}]"#
    }

    func setLabels(_ w: Funded) throws {
        let f = w.f
        let first = try f.run(["label", "set", w.address, "Rent", "--json"], network: "regtest")
        #expect(first.exitCode == 0, "stderr: \(first.stderr)")
        #expect(first.stdout == #"{"change":"set","ref":"\#(w.address)","type":"addr"}"# + "\n")
        let replaced = try f.run(["label", "set", w.address, "Rent, December"], network: "regtest")
        #expect(replaced.stdout == "labelled addr \(w.address)\n")
        // A txid in upper case is kept in lower case.
        let tx = try f.run(["label", "set", w.txid.uppercased(), "Salary \"Nov\"", "--json"], network: "regtest")
        #expect(tx.stdout == #"{"change":"set","ref":"\#(w.txid)","type":"tx"}"# + "\n")
        #expect(try f.run(["label", "set", "\(w.txid):0", "Coin é"], network: "regtest").exitCode == 0)
    }

    @Test func labelsSurviveBackupRestoreAndExportImportWithTheCounts() throws {
        let w = try funded()
        let f = w.f
        let unlabelled = try backup(f, "before")
        #expect(try f.run(["label", "list", "--json"], network: "regtest").stdout == "[]\n")
        try setLabels(w)
        let list = try f.run(["label", "list", "--json"], network: "regtest")
        #expect(list.stdout == expectedList(w) + "\n")
        #expect(try f.run(["label", "list"], network: "regtest").stdout
            == "addr\t\(w.address)\tRent, December\noutput\t\(w.txid):0\tCoin é\ntx\t\(w.txid)\tSalary \"Nov\"\n")

        // Backup → restore: the labels come back with the wallet.
        let g = try restored(try backup(f, "after"))
        #expect(try g.run(["label", "list", "--json"], network: "regtest").stdout == expectedList(w) + "\n")

        // Export: BIP-329 lines, a new file of mode 0600, never overwritten.
        let out = f.dir.path("labels.jsonl")
        let exported = try f.run(["label", "export", "--out", out, "--json"], network: "regtest")
        #expect(exported.exitCode == 0, "stderr: \(exported.stderr)")
        #expect(exported.stdout == #"{"file":"\#(out)","labels":3}"# + "\n")
        let lines = #"{"label":"Rent, December","ref":"\#(w.address)","type":"addr"}"# + "\n"
            + #"{"label":"Coin é","ref":"\#(w.txid):0","type":"output"}"# + "\n"
            + #"{"label":"Salary \"Nov\"","ref":"\#(w.txid)","type":"tx"}"# + "\n"
        #expect(try String(contentsOfFile: out, encoding: .utf8) == lines)
        #expect(try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int == 0o600)
        let again = try f.run(["label", "export", "--out", out], network: "regtest")
        #expect(again.exitCode == 73)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == lines)

        // Import into a home restored from the backup made before the labels: the three apply, the rest are
        // reported by line with their reasons.
        let h = try restored(unlabelled)
        #expect(try h.run(["label", "list", "--json"], network: "regtest").stdout == "[]\n")
        let unknownTx = String(repeating: "ab", count: 32)
        let file = lines + """
            {"type":"tx","ref":"\(unknownTx)","label":"not ours"}
            {"type":"output","ref":"\(w.txid):\(w.outputs)","label":"past the outputs"}
            {"type":"xpub","ref":"tpubD6NzVbkrYhZ4X","label":"account"}
            not a line of JSON

            {"type":"output","ref":"\(w.txid):0","spendable":false}
            {"type":"tx","ref":"\(w.txid)","label":"\(String(repeating: "x", count: 256))"}
            """
        let importPath = try h.dir.write("in.jsonl", file)
        let before = try h.homeDigest()
        let report = try h.run(["label", "import", importPath, "--json"], network: "regtest")
        #expect(report.exitCode == 0, "stderr: \(report.stderr)")
        let json = try object(report.stdout)
        #expect(json["applied"] as? Int == 3)
        #expect(json["skipped"] as? Int == 6)
        let skips = json["skips"] as? [[String: Any]] ?? []
        #expect(skips.map { $0["line"] as? Int } == [4, 5, 6, 7, 9, 10])
        #expect(skips.map { $0["reason"] as? String } == [
            "unknownReference", "unknownReference", "unsupportedType", "badLine", "noLabel", "badLine",
        ])
        #expect((skips[1]["detail"] as? String)?.contains("has \(w.outputs) outputs, no output \(w.outputs)") == true)
        #expect(try h.homeDigest() != before)
        #expect(try h.run(["label", "list", "--json"], network: "regtest").stdout == expectedList(w) + "\n")

        // The text report: the counts by reason on stdout, one line per skip on stderr.
        let text = try h.run(["label", "import", importPath], network: "regtest")
        #expect(text.exitCode == 0)
        #expect(text.stdout
            == "applied 3 labels, skipped 6 (2 bad line, 1 unsupported type, 2 unknown reference, 1 no label)\n")
        #expect(text.stderr.contains("line 4: unknown reference: transaction \(unknownTx) is not one of this wallet's"))
        #expect(text.stderr.contains("line 6: unsupported type: type \"xpub\""))
    }

    @Test func removingALabel() throws {
        let w = try funded()
        let f = w.f
        #expect(try f.run(["label", "set", w.txid, "Salary"], network: "regtest").exitCode == 0)
        let removed = try f.run(["label", "set", w.txid, "", "--json"], network: "regtest")
        #expect(removed.stdout == #"{"change":"removed","ref":"\#(w.txid)","type":"tx"}"# + "\n")
        #expect(try f.run(["label", "list", "--json"], network: "regtest").stdout == "[]\n")
        let before = try f.homeDigest()
        let absent = try f.run(["label", "set", w.txid, ""], network: "regtest")
        #expect(absent.exitCode == 0)
        #expect(absent.stdout == "tx \(w.txid) had no label; nothing changed\n")
        #expect(try f.homeDigest() == before)
    }

    @Test func everyRefusalChangesNothing() throws {
        let w = try funded()
        let f = w.f
        try setLabels(w)
        let far = try f.signer.run([
            "keys", "derive", "--mnemonic-file", f.dir.path("phrase"), "--scheme", "type42", "--chain", "receive",
            "--start", "5000", "--count", "1",
            "--network", "regtest", "--json",
        ])
        let farAddress = (try JSONSerialization.jsonObject(with: Data(far.stdout.utf8)) as? [[String: Any]])?.first?["address"] as? String ?? ""
        #expect(!farAddress.isEmpty)
        let mainAddress = "1111111111111111111114oLvT2"
        let before = try f.homeDigest()
        let refusals: [([String], Int32, String)] = [
            (["set", String(repeating: "cd", count: 32), "x"], 65, "is not one of this wallet's (import its receipt first)"),
            (["set", "\(w.txid):\(w.outputs)", "x"], 65, "has \(w.outputs) outputs, no output \(w.outputs)"),
            (["set", "\(String(repeating: "cd", count: 32)):0", "x"], 65, "is not one of this wallet's"),
            (["set", farAddress, "x"], 65, "is not an address this wallet has derived"),
            (["set", mainAddress, "x"], 65, "the address is of another network"),
            (["set", "xyz", "x"], 65, "the reference is not a P2PKH address"),
            (["set", "\(w.txid):01", "x"], 65, "the reference is not an output TXID:VOUT"),
            (["set", w.txid, String(repeating: "é", count: 128)], 65, "longer than 255 bytes"),
            (["set", w.txid, "two\nlines"], 65, "holds a control character"),
            (["set", w.address, "Rent", "--out", "x"], 64, "unknown option '--out'"),
            (["set", w.address], 64, "missing argument <text>"),
            (["import", f.dir.path("missing.jsonl")], 66, "no such file"),
            (["export", "--out", f.dir.path("phrase")], 73, "already exists"),
            (["export"], 64, "--out"),
        ]
        for (arguments, code, message) in refusals {
            let result = try f.run(["label"] + arguments, network: "regtest")
            #expect(result.exitCode == code, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "\(arguments)")
        }
        #expect(try f.homeDigest() == before)
        #expect(try f.run(["label", "list", "--json"], network: "regtest").stdout == expectedList(w) + "\n")
        // An import whose every line is skipped applies nothing.
        let skipped = try f.dir.write("skipped.jsonl", #"{"type":"pubkey","ref":"02","label":"k"}"# + "\nnope\n")
        let report = try f.run(["label", "import", skipped, "--json"], network: "regtest")
        #expect(report.exitCode == 0)
        #expect(try object(report.stdout)["applied"] as? Int == 0)
        #expect(try f.homeDigest() == before)
    }

    @Test func theGapLimitSurvivesBackupAndRestore() throws {
        let w = try funded()
        let f = w.f
        // Without a stored gap a restored wallet's pack stops well short of index 250.
        let plain = try restored(try backup(f, "plain"))
        #expect(try !references(plain, "p0").contains("1-wallet-250"))

        #expect(try f.run(["wallet", "rescan", "--gap", "300"], network: "regtest").exitCode == 0)
        let g = try restored(try backup(f, "gap"))
        let pack = try references(g, "p1")
        #expect(pack.contains("1-wallet-250") && pack.contains("1-wallet-300") && !pack.contains("1-wallet-301"))
        let rescan = try object(g.run(["wallet", "rescan", "--gap", "300", "--json"], network: "regtest").stdout)
        #expect(rescan["gapLimit"] as? Int == 300)
    }

    @Test func walletFilesCarryLabelsAndTheGapLimit() throws {
        let w = try funded()
        let f = w.f
        // The first export creates the file key; a copy of the home made now shares it.
        #expect(try f.run(["export", "wallet", "--out", f.dir.path("w0.hfwallet")], network: "regtest").exitCode == 0)
        let twinHome = f.dir.path("twin")
        try FileManager.default.copyItem(atPath: f.home, toPath: twinHome)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: twinHome)
        func twin(_ arguments: [String]) throws -> BuiltTool.Result {
            try f.signer.run(["--home", twinHome, "--network", "regtest", "--passphrase-file", f.passphraseFile] + arguments)
        }
        try setLabels(w)
        #expect(try f.run(["wallet", "rescan", "--gap", "300"], network: "regtest").exitCode == 0)
        // The twin labelled the address itself: its own label is kept.
        #expect(try twin(["label", "set", w.address, "Mine"]).exitCode == 0)
        #expect(try f.run(["export", "wallet", "--out", f.dir.path("w1.hfwallet")], network: "regtest").exitCode == 0)
        let imported = try twin(["import", f.dir.path("w1.hfwallet")])
        #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
        #expect(imported.stdout.contains("0 new of 1 receipts, 2 new of 3 labels"))
        #expect(try twin(["label", "list", "--json"]).stdout
            == #"[{"label":"Mine","ref":"\#(w.address)","type":"addr"},"#
                + #"{"label":"Coin é","ref":"\#(w.txid):0","type":"output"},"#
                + #"{"label":"Salary \"Nov\"","ref":"\#(w.txid)","type":"tx"}]"# + "\n")
        let path = f.dir.path("twin.hfaddrpack")
        #expect(try twin(["export", "addrpack", "--out", path]).exitCode == 0)
        let pack = try object(String(contentsOfFile: path, encoding: .utf8))
        let twinReferences = (pack["entries"] as? [[String: Any]] ?? []).compactMap { $0["reference"] as? String }
        #expect(twinReferences.contains("1-wallet-300") && !twinReferences.contains("1-wallet-301"), "gap 300")
        // Again: nothing new.
        #expect(try twin(["import", f.dir.path("w1.hfwallet")]).stdout.contains("0 new of 3 labels"))
    }
}
