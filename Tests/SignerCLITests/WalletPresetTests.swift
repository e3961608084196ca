import Foundation
import HFBundles
import HFPrimitives
import HFSPV
import HFTestSupport
import RegtestFixtures
import Testing

/// Phrases from other BSV wallets (issue 32): `keys derive` and `wallet import` with `--path`/`--preset`, the known
/// answers of the Python bsv-sdk (see `HFWalletTests/BIP32ChainsTests`), address packs with the real paths, a
/// payment received and spent on such a wallet, backups that keep its chains, and every refusal changing nothing.
@Suite struct WalletPresetTests {
    static let legalWinner = "legal winner thank year wave sausage worth useful legal winner thank yellow"

    /// A home on `network` with the Centbee test phrase imported with its PIN.
    func centbeeHome(network: String = "main") throws -> SignerFixtures {
        let f = try SignerFixtures()
        #expect(try f.run(["init"], network: network).exitCode == 0)
        let phrase = try f.dir.write("centbee-phrase", Self.legalWinner)
        let pin = try f.dir.write("centbee-pin", "4821")
        let imported = try f.run(
            ["wallet", "import", "--mnemonic-file", phrase, "--bip39-passphrase-file", pin, "--preset", "centbee",
             "--title", "Centbee", "--json"], network: network)
        #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
        let object = JSONTypes.object(imported.stdout)
        #expect(object["derivation"] as? String == "bip44")
        #expect(object["chains"] as? [String: String] == ["receive": "m/44'/0/0", "change": "m/44'/0/1"])
        return f
    }

    @Test func keysDeriveWithAPresetGivesTheKnownAddresses() throws {
        let f = try SignerFixtures()
        let phrase = try f.dir.write("phrase", Self.legalWinner)
        let pin = try f.dir.write("pin", "4821")
        let receive = try f.signer.run(
            ["keys", "derive", "--mnemonic-file", phrase, "--bip39-passphrase-file", pin, "--preset", "centbee",
             "--count", "3"])
        #expect(receive.exitCode == 0, "stderr: \(receive.stderr)")
        #expect(receive.stdout == """
            m/44'/0/0/0\t1ChzYHGJVX3r4Q5AyBLFpV7uaMgwFAUWMq
            m/44'/0/0/1\t17s4d2HCKv7ubcM3bdqKrwGmm5jPLKnGRb
            m/44'/0/0/2\t1JELmh9VJz2w7b2LJHGDP8aaauan25YTxB

            """)
        let change = try f.signer.run(
            ["keys", "derive", "--mnemonic-file", phrase, "--bip39-passphrase-file", pin, "--path", "m/44'/0",
             "--chain", "change", "--count", "1", "--json"])
        let entries = JSONTypes.objects(change.stdout)
        #expect(entries.first?["reference"] as? String == "m/44'/0/1/0")
        #expect(entries.first?["address"] as? String == "1DsJg5LJvWbp5f92NzXdZWQZTmpMKjnuHK")
        #expect(entries.first?["scheme"] as? String == "bip44")
        let abandon = try f.dir.write("abandon", KeysDeriveTests.samplePhrase)
        let yoursOrdinals = try f.signer.run(
            ["keys", "derive", "--mnemonic-file", abandon, "--path", "m/44'/236'/1'", "--count", "1"])
        #expect(yoursOrdinals.stdout == "m/44'/236'/1'/0/0\t18pBoqRpHUYf9udsab5G9LT3vQUPxEyMFf\n")
    }

    @Test func keysDeriveRefusals() throws {
        let f = try SignerFixtures()
        let phrase = try f.dir.write("phrase", Self.legalWinner)
        let base = ["keys", "derive", "--mnemonic-file", phrase]
        for extra in [
            ["--preset", "centbee"],  // no PIN
            ["--preset", "nosuch"],
            ["--path", "m/44'/0", "--preset", "twetch"],
            ["--path", "44'/0"],
            ["--path", "m/44'/0", "--scheme", "type42"],
            [],  // neither a scheme nor a path
        ] {
            let result = try f.signer.run(base + extra)
            #expect(result.exitCode == 64, "\(extra): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func anImportedPresetWalletShowsItsChainsAndPacksItsPaths() throws {
        let f = try centbeeHome()
        let show = try f.run(["wallet", "show"])
        #expect(show.stdout.contains("bip32 chains: receive m/44'/0/0/N, change m/44'/0/1/N"), "\(show.stdout)")
        let list = try f.run(["wallet", "list"])
        #expect(list.stdout.contains("(receive m/44'/0/0/N, change m/44'/0/1/N)"))
        let next = JSONTypes.object(try f.run(["address", "next", "--json"]).stdout)
        #expect(next["address"] as? String == "1ChzYHGJVX3r4Q5AyBLFpV7uaMgwFAUWMq")
        #expect(next["reference"] as? String == "m/44'/0/0/0")
        let pack = f.dir.path("c.hfaddrpack")
        let export = try f.run(["export", "addrpack", "--out", pack])
        #expect(export.exitCode == 0, "stderr: \(export.stderr)")
        let entries = JSONTypes.object(try String(contentsOfFile: pack, encoding: .utf8))["entries"] as? [[String: Any]]
        let bip44 = (entries ?? []).filter { $0["scheme"] as? String == "bip44" }
        #expect(bip44.contains { $0["reference"] as? String == "m/44'/0/1/1" && $0["address"] as? String == "19ngLkwrDZnGGb3cqceB1e3fddD2B5LSk2" })
        #expect(!bip44.contains { ($0["reference"] as? String ?? "").hasPrefix("m/44'/236'") })
    }

    @Test func importRefusalsChangeNothing() throws {
        let f = try SignerFixtures()
        #expect(try f.run(["init"]).exitCode == 0)
        let phrase = try f.dir.write("phrase", Self.legalWinner)
        let pin = try f.dir.write("pin", "4821")
        let before = try f.homeDigest()
        for extra in [
            ["--preset", "centbee"],
            ["--preset", "centbee", "--derivation", "type42", "--bip39-passphrase-file", pin],
            ["--path", "m/0 x"],
            ["--path", "m/1", "--preset", "yours"],
        ] {
            let result = try f.run(["wallet", "import", "--mnemonic-file", phrase] + extra)
            #expect(result.exitCode == 64, "\(extra): \(result.stderr)")
        }
        #expect(try f.homeDigest().filter { !$0.key.hasSuffix("-shm") } == before.filter { !$0.key.hasSuffix("-shm") })
    }

    /// A Centbee wallet on regtest: paid on its receive chain, the payment found and spent; the change goes to its
    /// own change chain and the review names it by its path; a backup restored elsewhere keeps the chains.
    @Test func aPresetWalletReceivesSpendsAndSurvivesABackup() throws {
        let f = try centbeeHome(network: "regtest")
        let own = try ReceiptImportTests.sampleAddress(f)
        let pay = try SignerFixtures.payment(to: own, amounts: [50_000])
        let block = try SignerFixtures.mineBlock(on: Checkpoint.regtest.header, containing: [pay])
        let imported = try f.run(
            ["import", f.write("h", SignerFixtures.regtestBundle([block])),
             f.write("r", block.receipt(index: 0, height: 1).encoded())], network: "regtest")
        #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
        #expect(try f.run(["balance", "--json"], network: "regtest").stdout.contains("50000"))

        let stranger = try Address(hash160: [UInt8](repeating: 0x42, count: 20), network: .regtest)
        let out = f.dir.path("pay.hftx")
        let send = try f.run(
            ["send", "--to", stranger.string, "--amount", "12000", "--out", out, "--yes", "--json"], network: "regtest")
        #expect(send.exitCode == 0, "stderr: \(send.stderr)")
        let review = JSONTypes.object(send.stdout)["review"] as? [String: Any]
        let outputs = review?["outputs"] as? [[String: Any]] ?? []
        let change = outputs.first { $0["owner"] as? String == "change" }
        #expect(change?["reference"] as? String == "m/44'/0/1/0", "\(outputs)")
        #expect(change?["address"] as? String != nil)
        #expect(FileManager.default.fileExists(atPath: out))

        let password = try f.dir.write("backup-password", "backup pw")
        let bep = f.dir.path("w.bep")
        #expect(try f.run(["backup", "create", "--out", bep, "--password-file", password], network: "regtest").exitCode == 0)
        let g = try SignerFixtures()
        let restored = try g.run(["backup", "restore", bep, "--password-file", password, "--json"], network: "regtest")
        #expect(restored.exitCode == 0, "stderr: \(restored.stderr)")
        let show = JSONTypes.object(try g.run(["wallet", "show", "--json"], network: "regtest").stdout)
        #expect(show["chains"] as? [String: String] == ["receive": "m/44'/0/0", "change": "m/44'/0/1"])
        let first = try ReceiptImportTests.sampleAddress(g)
        #expect(first == own)
    }
}
