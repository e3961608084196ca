import Foundation
import HFBundles
import HFPrimitives
import HFSPV
import HFTestSupport
import RegtestFixtures
import Testing

/// `hf-signer backup create|verify|restore`: a backup restores, with its receipts, and never duplicates a wallet.
@Suite struct BackupCommandTests {
    struct Outcome: Decodable {
        let walletId: String
        let result: String
        let receipts: Int
    }

    /// A regtest home with the sample wallet and one verified payment (block 1, headers imported).
    func fundedHome() throws -> (SignerFixtures, SignerFixtures.RegtestBlock) {
        let f = try SignerFixtures()
        #expect(try f.run(["init"], network: "regtest").exitCode == 0)
        let phrase = try f.dir.write("phrase", KeysDeriveTests.samplePhrase)
        #expect(try f.run(["wallet", "import", "--title", "Saved", "--mnemonic-file", phrase], network: "regtest").exitCode == 0)
        let pay = try SignerFixtures.payment(to: ReceiptImportTests.sampleAddress(f), amounts: [25_000])
        let block = try SignerFixtures.mineBlock(on: Checkpoint.regtest.header, containing: [pay])
        let imported = try f.run([
            "import", f.write("h", SignerFixtures.regtestBundle([block])), f.write("r", block.receipt(index: 0, height: 1).encoded()),
        ], network: "regtest")
        #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
        return (f, block)
    }

    @Test func createVerifyAndRestoreIntoAFreshHome() throws {
        let (f, block) = try fundedHome()
        let password = try f.dir.write("backup-password", "backup pw")
        let bep = f.dir.path("wallets.bep")
        let created = try f.run(["backup", "create", "--out", bep, "--password-file", password, "--json"], network: "regtest")
        #expect(created.exitCode == 0, "stderr: \(created.stderr)")
        let mode = try FileManager.default.attributesOfItem(atPath: bep)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: bep))
        #expect(bytes.range(of: Data("abandon".utf8)) == nil, "the phrase is encrypted")

        let verify = try f.signer.run(["backup", "verify", bep, "--password-file", password, "--json"])
        #expect(verify.exitCode == 0, "stderr: \(verify.stderr)")
        #expect(verify.stdout.contains("\"receipts\":1"))
        #expect(verify.stdout.contains("\"title\":\"Saved\""))
        #expect(!verify.stdout.contains("abandon"))

        // Restore into a new home: the wallet and its receipt come back (unconfirmed until headers arrive).
        let g = try SignerFixtures()
        let restored = try g.run(["backup", "restore", bep, "--password-file", password, "--json"], network: "regtest")
        #expect(restored.exitCode == 0, "stderr: \(restored.stderr)")
        let outcomes = try JSONDecoder().decode([Outcome].self, from: Data(restored.stdout.utf8))
        #expect(outcomes.count == 1)
        #expect(outcomes.first?.result == "restored")
        #expect(outcomes.first?.receipts == 1)
        // The new home records the backup's network (issue 28), so later commands need no --network.
        #expect(try String(contentsOfFile: g.home + "/network", encoding: .utf8) == "regtest\n")
        #expect(try g.signer.run(["--home", g.home, "--passphrase-file", g.passphraseFile, "balance"]).exitCode == 0)
        #expect(try g.run(["wallet", "show", "--json"], network: "regtest").stdout.contains("\"title\":\"Saved\""))
        // The payment at receive index 0 came back with the address indexes: the next address is index 1.
        #expect(try g.run(["address", "next", "--json"], network: "regtest").stdout.contains("\"index\":1"))
        #expect(try g.run(["import", g.write("h", SignerFixtures.regtestBundle([block]))], network: "regtest").exitCode == 0)

        // Restoring again never duplicates.
        let again = try g.run(["backup", "restore", bep, "--password-file", password, "--json"], network: "regtest")
        #expect(again.exitCode == 0)
        #expect(try JSONDecoder().decode([Outcome].self, from: Data(again.stdout.utf8)).first?.result == "alreadyPresent")
        #expect(try g.run(["wallet", "list", "--json"], network: "regtest").stdout.components(separatedBy: "walletId").count == 2)
    }

    @Test func wrongPasswordOrDamagedFileChangesNothing() throws {
        let (f, _) = try fundedHome()
        let password = try f.dir.write("pw", "right")
        let wrong = try f.dir.write("wrong", "wrong")
        let bep = f.dir.path("b.bep")
        #expect(try f.run(["backup", "create", "--out", bep, "--password-file", password], network: "regtest").exitCode == 0)
        let g = try SignerFixtures()
        let result = try g.run(["backup", "restore", bep, "--password-file", wrong], network: "regtest")
        #expect(result.exitCode == 65)
        #expect(result.stderr.contains("wrong password or damaged file"))
        #expect(!FileManager.default.fileExists(atPath: g.home), "nothing was created")
        var damaged = try Data(contentsOf: URL(fileURLWithPath: bep))
        damaged[damaged.count - 20] ^= 0x01
        let damagedPath = try f.write("damaged.bep", [UInt8](damaged))
        let verify = try f.signer.run(["backup", "verify", damagedPath, "--password-file", password])
        #expect(verify.exitCode == 65)
        #expect(verify.stderr.contains("wrong password or damaged file"))
        let existing = try f.run(["backup", "create", "--out", bep, "--password-file", password], network: "regtest")
        #expect(existing.exitCode == 73, "an existing backup is never overwritten")
    }

    @Test func aBackupNeedsAWallet() throws {
        let f = try SignerFixtures()
        #expect(try f.run(["init"]).exitCode == 0)
        let password = try f.dir.write("pw", "x")
        let result = try f.run(["backup", "create", "--out", f.dir.path("b.bep"), "--password-file", password])
        #expect(result.exitCode == 65)
        #expect(result.stderr.contains("no wallet to back up"))
    }
}
