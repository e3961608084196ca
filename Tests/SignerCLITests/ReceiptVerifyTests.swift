import Foundation
import HFBundles
import HFCrypto
import HFPrimitives
import HFSPV
import HFTestSupport
import RegtestFixtures
import Testing

/// `hf-signer receipt verify` and `bundle inspect` on a freshly mined regtest chain: real proof of work, real proofs.
@Suite struct ReceiptVerifyTests {
    struct Verdict: Decodable {
        let txid: String
        let blockHeight: Int
        let verdict: String
    }

    /// A regtest home with blocks 1…3 imported; block 4 mined but not imported.
    func chain() throws -> (SignerFixtures, [SignerFixtures.RegtestBlock]) {
        let f = try SignerFixtures()
        var blocks: [SignerFixtures.RegtestBlock] = []
        var parent = Checkpoint.regtest.header
        for _ in 0..<4 {
            let block = try SignerFixtures.mineBlock(on: parent, transactions: 7)
            blocks.append(block)
            parent = block.header
        }
        #expect(try f.run(["init"], network: "regtest").exitCode == 0)
        let bundle = try f.write("h.hfheaders", SignerFixtures.regtestBundle(Array(blocks[..<3])))
        let imported = try f.run(["import", bundle], network: "regtest")
        #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
        return (f, blocks)
    }

    func verify(_ f: SignerFixtures, _ receipt: [UInt8]) throws -> (BuiltTool.Result, Verdict?) {
        let path = try f.write("r-\(UUID().uuidString).hfreceipt", receipt)
        let result = try f.run(["receipt", "verify", path, "--json"], network: "regtest")
        return (result, try? JSONDecoder().decode(Verdict.self, from: Data(result.stdout.utf8)))
    }

    @Test func everyTransactionOfAnImportedBlockIsVerified() throws {
        let (f, blocks) = try chain()
        for index in [0, 3, 6] {  // 6: the last of an odd level, its proof uses "*"
            let receipt = try blocks[1].receipt(index: index, height: 2)
            let (result, verdict) = try verify(f, receipt.encoded())
            #expect(result.exitCode == 0, "stderr: \(result.stderr)")
            #expect(verdict?.verdict == "verified")
            #expect(verdict?.txid == receipt.txid.displayHex)
        }
    }

    @Test func receiptAboveTheTipIsBlockHeaderNotFound() throws {
        let (f, blocks) = try chain()
        let (result, verdict) = try verify(f, try blocks[3].receipt(index: 0, height: 4).encoded())
        #expect(result.exitCode == 65)
        #expect(verdict?.verdict == "blockHeaderNotFound")
        #expect(result.stderr.contains("import newer headers"))
        // The report carries the failure's error object (one JSON line on stdout, docs/design.md §8).
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let error = try #require(report?["error"] as? [String: Any])
        #expect(error["code"] as? String == "blockHeaderNotFound" && error["exit"] as? Int == 65)
        #expect((error["message"] as? String)?.contains("import newer headers") == true)
    }

    @Test func receiptClaimingTheWrongHeightIsAHeaderMismatch() throws {
        let (f, blocks) = try chain()
        let (result, verdict) = try verify(f, try blocks[1].receipt(index: 2, height: 3).encoded())
        #expect(result.exitCode == 65)
        #expect(verdict?.verdict == "headerMismatch")
    }

    @Test func proofForAnotherPositionIsProofInvalid() throws {
        let (f, blocks) = try chain()
        let good = try blocks[0].receipt(index: 2, height: 1)
        let wrongBranch = try blocks[0].tree.tscProof(index: 4, target: .blockHash(blocks[0].header.hash))
        let forged = try TSCProof(index: 2, txOrId: .txid(good.txid), target: good.merkleProof.target, nodes: wrongBranch.nodes)
        let receipt = try ReceiptBundle(
            network: .regtest, rawTx: blocks[0].transactions[2], blockHeight: 1, header: blocks[0].header, merkleProof: forged)
        let (result, verdict) = try verify(f, receipt.encoded())
        #expect(result.exitCode == 65)
        #expect(verdict?.verdict == "proofInvalid")
    }

    @Test func malformedReceiptsAreRefusedBeforeAnyVerdict() throws {
        let (f, blocks) = try chain()
        let text = String(decoding: try blocks[0].receipt(index: 1, height: 1).encoded(), as: UTF8.self)
        let rawHex = Hex.encode(blocks[0].transactions[1])
        var altered = Array(rawHex)
        altered[10] = altered[10] == "a" ? "b" : "a"
        for (label, content) in [
            ("altered raw tx", text.replacingOccurrences(of: rawHex, with: String(altered))),
            ("main network", text.replacingOccurrences(of: "\"network\":\"regtest\"", with: "\"network\":\"main\"")),
            ("unknown field", text.replacingOccurrences(of: "{\"blockHash\"", with: "{\"x\":true,\"blockHash\"")),
        ] {
            let (result, verdict) = try verify(f, Array(content.utf8))
            #expect(result.exitCode == 65, "\(label)")
            #expect(verdict == nil, "\(label): no verdict for a malformed file")
            #expect(result.stderr.hasPrefix("error: "), "\(label)")
        }
    }

    @Test func inspectDescribesEveryKindWithoutAHome() throws {
        let f = try SignerFixtures()
        let block = try SignerFixtures.mineBlock(on: Checkpoint.regtest.header)
        let headers = try f.write("h", SignerFixtures.regtestBundle([block]))
        let receipt = try f.write("r", block.receipt(index: 1, height: 1).encoded())
        let inspectHeaders = try f.signer.run(["bundle", "inspect", headers, "--json"])
        #expect(inspectHeaders.exitCode == 0)
        #expect(inspectHeaders.stdout.hasPrefix("{\"kind\":\"hfheaders\",\"network\":\"regtest\",\"summary\":{"))
        #expect(inspectHeaders.stdout.contains("\"count\":1"))
        let inspectReceipt = try f.signer.run(["bundle", "inspect", receipt, "--json"])
        #expect(inspectReceipt.stdout.contains("\"kind\":\"hfreceipt\""))
        #expect(!FileManager.default.fileExists(atPath: f.home), "inspect creates no home")
    }

    @Test func inspectOpensABackupOnlyWithTheRightPassword() throws {
        let f = try SignerFixtures()
        let document = try BackupDocument(createdAt: RFC3339Timestamp("2026-11-30T12:00:00Z"), wallets: [
            BackupWallet(
                title: "t", mnemonic: SecureBytes(Array("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about".utf8)),
                passphrase: SecureBytes([]), network: .regtest, derivationType: .type42, isDefault: true,
                addressIndexes: WalletAddressIndexes(), receipts: []),
        ])
        let sealed = try EncryptedBackup.seal(plaintext: document.encoded(), password: SecureBytes(Array("pw-1".utf8)))
        let bep = try f.write("b.bep", sealed.encoded())
        let good = try f.dir.write("pw", "pw-1\n")
        let bad = try f.dir.write("bad", "pw-2\n")
        let open = try f.signer.run(["bundle", "inspect", bep, "--password-file", good, "--json"])
        #expect(open.exitCode == 0, "stderr: \(open.stderr)")
        #expect(open.stdout.contains("\"wallets\":1"))
        #expect(!open.stdout.contains("abandon"), "inspect never prints the phrase")
        let wrong = try f.signer.run(["bundle", "inspect", bep, "--password-file", bad])
        #expect(wrong.exitCode == 65)
        #expect(wrong.stderr.contains("wrong password or damaged file"))
        let noPassword = try f.signer.run(["bundle", "inspect", bep])
        #expect(noPassword.exitCode == 65)
        #expect(noPassword.stderr.contains("--password-file"))
    }
}
