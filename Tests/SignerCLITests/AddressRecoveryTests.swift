import Foundation
import HFBundles
import HFPrimitives
import HFSPV
import HFTestSupport
import RegtestFixtures
import Testing

/// Recovery beyond the discovery window (issue 17), on a mined regtest chain: `address find --save [--max N]`,
/// auto-rediscovery of a receipt's unknown payee within 10,000 per chain and scheme, `wallet rescan --gap N`, and
/// `headers status`'s distance past the checkpoint. Every refusal leaves the home byte-identical.
@Suite struct AddressRecoveryTests {
    /// A regtest home holding the sample phrase's wallet (Type42, nothing used).
    func wallet() throws -> (SignerFixtures, String) {
        let f = try SignerFixtures()
        #expect(try f.run(["init"], network: "regtest").exitCode == 0)
        let phrase = try f.dir.write("phrase", KeysDeriveTests.samplePhrase)
        #expect(try f.run(["wallet", "import", "--mnemonic-file", phrase], network: "regtest").exitCode == 0)
        return (f, phrase)
    }

    /// The sample phrase's address at `index` of one chain, derived without the home.
    func address(_ f: SignerFixtures, _ phrase: String, _ scheme: String = "type42", chain: String = "receive",
                 index: Int) throws -> Address {
        let derive = try f.signer.run(["keys", "derive", "--mnemonic-file", phrase, "--scheme", scheme, "--chain", chain,
                                       "--start", String(index), "--count", "1", "--network", "regtest", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(derive.stdout.utf8)) as! [[String: Any]]
        return try Address(string: object[0]["address"] as! String, network: .regtest)
    }

    func object(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    func balance(_ f: SignerFixtures) throws -> Int? {
        try object(f.run(["balance", "--json"], network: "regtest").stdout)["confirmed"] as? Int
    }

    /// The entries of a new address pack, as (reference) strings.
    func packReferences(_ f: SignerFixtures, _ name: String) throws -> [String] {
        let path = f.dir.path(name)
        let export = try f.run(["export", "addrpack", "--out", path], network: "regtest")
        #expect(export.exitCode == 0, "stderr: \(export.stderr)")
        let pack = try object(String(contentsOfFile: path, encoding: .utf8))
        return (pack["entries"] as? [[String: Any]] ?? []).compactMap { $0["reference"] as? String }
    }

    @Test func addressFindSaveRecordsTheIndexAndMaxBoundsTheSearch() throws {
        let (f, phrase) = try wallet()
        let receive = try address(f, phrase, index: 250)
        let change = try address(f, phrase, chain: "change", index: 180)
        let bip44 = try address(f, phrase, "bip44", index: 777)

        // Without --save: found, nothing recorded.
        let before = try f.homeDigest()
        let plain = try f.run(["address", "find", receive.string, "--json"], network: "regtest")
        #expect(plain.exitCode == 0, "stderr: \(plain.stderr)")
        #expect(try object(plain.stdout)["reference"] as? String == "1-wallet-250")
        #expect(try f.homeDigest() == before)

        // Beyond --max: refused as not the wallet's, nothing recorded.
        let bounded = try f.run(["address", "find", receive.string, "--save", "--max", "250"], network: "regtest")
        #expect(bounded.exitCode == 65)
        #expect(bounded.stderr.contains("at indexes 0 to 249 of any chain; nothing was recorded"))
        #expect(bounded.stderr.contains("--max"))
        #expect(try f.homeDigest() == before)
        for bad in ["0", "100001", "ten"] {
            let usage = try f.run(["address", "find", receive.string, "--max", bad], network: "regtest")
            #expect(usage.exitCode == 64, "--max \(bad)")
            #expect(usage.stderr.contains("--max must be a whole number from 1 to 100000"))
        }
        #expect(try f.homeDigest() == before)

        // --save with exactly enough bound: recorded; the next pack covers it and 20 after it.
        let saved = try f.run(["address", "find", receive.string, "--save", "--max", "251", "--json"], network: "regtest")
        #expect(saved.exitCode == 0, "stderr: \(saved.stderr)")
        #expect(saved.stderr.contains("recorded 1-wallet-250 as used"))
        let again = try f.run(["address", "find", receive.string, "--save"], network: "regtest")
        #expect(again.stderr.contains("already in the wallet's used range; nothing changed"))
        #expect(try f.run(["address", "find", change.string, "--save"], network: "regtest").exitCode == 0)
        #expect(try f.run(["address", "find", bip44.string, "--save"], network: "regtest").stdout
            .hasPrefix("m/44'/236'/0'/0/777\t"))
        let references = try packReferences(f, "p.hfaddrpack")
        #expect(references.contains("1-wallet-270") && !references.contains("1-wallet-271"))
        #expect(references.contains("0-change-200") && !references.contains("0-change-201"))
        #expect(references.contains("m/44'/236'/0'/0/797") && !references.contains("m/44'/236'/0'/0/798"))
        #expect(references.contains("m/44'/236'/0'/1/49") && !references.contains("m/44'/236'/0'/1/50"))
        // The receive chain moved: the next fresh address is index 251.
        #expect(try f.run(["address", "next", "--json"], network: "regtest").stdout.contains("\"index\":251"))
    }

    @Test func aReceiptPayingFarIndexesIsFoundAndOneBeyondTheBoundIsRefused() throws {
        let (f, phrase) = try wallet()
        let receive = try address(f, phrase, index: 250)
        let change = try address(f, phrase, chain: "change", index: 180)
        let beyond = try address(f, phrase, "bip44", index: 10_000)
        let paid = try Regtest.payment(to: receive, amounts: [40_000])
        let changePaid = try Regtest.payment(to: change, amounts: [25_000])
        let far = try Regtest.payment(to: beyond, amounts: [9_000])
        let block = try Regtest.mineBlock(on: Checkpoint.regtest.header, containing: [paid, changePaid, far])
        #expect(try f.run(["import", f.write("h", Regtest.headersBundle([block]))], network: "regtest").exitCode == 0)

        // Index 10000 is the first past the search (0...9999 of every chain): still not ours, nothing stored.
        let before = try f.homeDigest()
        let refused = try f.run(["import", f.write("far", block.receipt(index: 2, height: 1).encoded())], network: "regtest")
        #expect(refused.exitCode == 65)
        #expect(refused.stderr.contains("neither pays nor spends"))
        #expect(refused.stderr.contains("every chain searched to index 9999"))
        #expect(try f.homeDigest() == before)
        let refusedJSON = try f.run(["import", f.dir.path("far"), "--json"], network: "regtest")
        #expect(refusedJSON.stdout.contains("\"code\":\"notOurs\""))
        #expect(try f.homeDigest() == before)

        // Index 250 and change index 180: found by the search, stored, and the balance counts them.
        let accepted = try f.run(["import", f.write("r1", block.receipt(index: 0, height: 1).encoded()),
                                  f.write("r2", block.receipt(index: 1, height: 1).encoded()), "--json"], network: "regtest")
        #expect(accepted.exitCode == 0, "stderr: \(accepted.stderr)")
        #expect(accepted.stdout.contains("\"received\":40000") && accepted.stdout.contains("\"received\":25000"))
        #expect(try balance(f) == 65_000)
        #expect(try f.run(["address", "next", "--json"], network: "regtest").stdout.contains("\"index\":251"))
        let references = try packReferences(f, "p.hfaddrpack")
        #expect(references.contains("0-change-200") && !references.contains("0-change-201"))
        // Once `address find --save --max` records it, its receipt is the wallet's.
        #expect(try f.run(["address", "find", beyond.string, "--save", "--max", "10001"], network: "regtest").exitCode == 0)
        #expect(try f.run(["import", f.dir.path("far")], network: "regtest").exitCode == 0)
        #expect(try balance(f) == 74_000)
    }

    @Test func rescanGapWidensTheNextPackAndTheOwnedRange() throws {
        let (f, phrase) = try wallet()
        let receive = try address(f, phrase, index: 250)
        let change = try address(f, phrase, chain: "change", index: 180)
        let before = try f.homeDigest()
        for bad in ["0", "1001", "x"] {
            let usage = try f.run(["wallet", "rescan", "--gap", bad], network: "regtest")
            #expect(usage.exitCode == 64, "--gap \(bad)")
            #expect(usage.stderr.contains("--gap must be a whole number from 1 to 1000"))
        }
        #expect(try f.run(["wallet", "rescan", "--gap", "-5"], network: "regtest").exitCode == 64)
        #expect(try f.run(["wallet", "rescan"], network: "regtest").exitCode == 64)
        #expect(try f.homeDigest() == before)

        let rescan = try f.run(["wallet", "rescan", "--gap", "300", "--json"], network: "regtest")
        #expect(rescan.exitCode == 0, "stderr: \(rescan.stderr)")
        let report = try object(rescan.stdout)
        #expect(report["gapLimit"] as? Int == 300)
        let ranges = report["ranges"] as? [[String: Any]] ?? []
        #expect(ranges.count == 4)
        #expect(ranges.allSatisfy { $0["end"] as? Int == 300 && $0["exported"] as? Int == 0 })
        let references = try packReferences(f, "p.hfaddrpack")
        #expect(references.count == 1_200)
        #expect(references.contains("1-wallet-299") && references.contains("0-change-180"))

        // The receipts to 250 and change 180 are the wallet's without any search.
        let block = try Regtest.mineBlock(on: Checkpoint.regtest.header, containing: [
            Regtest.payment(to: receive, amounts: [40_000]), Regtest.payment(to: change, amounts: [25_000]),
        ])
        let imported = try f.run(["import", f.write("h", Regtest.headersBundle([block])),
                                  f.write("r1", block.receipt(index: 0, height: 1).encoded()),
                                  f.write("r2", block.receipt(index: 1, height: 1).encoded())], network: "regtest")
        #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
        #expect(try balance(f) == 65_000)
        // The next pack: 300 past the last used receive (250) and change (180) index.
        let next = try packReferences(f, "q.hfaddrpack")
        #expect(next.contains("1-wallet-550") && !next.contains("1-wallet-551"))
        #expect(next.contains("0-change-480") && !next.contains("0-change-481"))

        // A gap below the default keeps the default.
        let narrow = try f.run(["wallet", "rescan", "--gap", "5"], network: "regtest")
        #expect(narrow.exitCode == 0)
        #expect(narrow.stdout.contains("gap limit 20 (the default"))
    }

    @Test func headersStatusShowsHowFarTheTipIsPastTheCheckpoint() throws {
        let (f, _) = try wallet()
        var parent = Checkpoint.regtest.header
        var blocks: [Regtest.Block] = []
        for _ in 0..<3 {
            let block = try Regtest.mineBlock(on: parent, transactions: 1)
            blocks.append(block)
            parent = block.header
        }
        #expect(try object(f.run(["headers", "status", "--json"], network: "regtest").stdout)["blocksPastCheckpoint"]
            as? Int == 0)
        #expect(try f.run(["import", f.write("h", Regtest.headersBundle(blocks))], network: "regtest").exitCode == 0)
        let status = try f.run(["headers", "status", "--json"], network: "regtest")
        let object = try object(status.stdout)
        #expect(object["checkpointHeight"] as? Int == 0)
        #expect(object["validatedTipHeight"] as? Int == 3)
        #expect(object["blocksPastCheckpoint"] as? Int == 3)
        #expect(try f.run(["headers", "status"], network: "regtest").stdout.contains("past checkpoint: 3 blocks"))
    }
}
