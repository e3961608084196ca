import Foundation
import HFBundles
import HFPrimitives
import HFSPV
import HFTestSupport
import RegtestFixtures
import Testing

/// `hf-signer import` of `.hfreceipt` into a wallet on a mined regtest chain: SPV, then ownership, idempotent.
@Suite struct ReceiptImportTests {
    /// The sample wallet's first Type42 receive address on regtest.
    static func sampleAddress(_ f: SignerFixtures, index: Int = 0) throws -> Address {
        let list = try f.run(["address", "list", "--start", String(index), "--count", "1", "--json"], network: "regtest")
        let object = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as! [[String: Any]]
        return try Address(string: object[0]["address"] as! String, network: .regtest)
    }

    /// The ID of the home's default wallet.
    static func walletID(_ f: SignerFixtures) throws -> String {
        let show = try f.run(["wallet", "show", "--json"], network: "regtest")
        let object = try JSONSerialization.jsonObject(with: Data(show.stdout.utf8)) as! [String: Any]
        return object["walletId"] as! String
    }

    func regtestWallet() throws -> SignerFixtures {
        let f = try SignerFixtures()
        #expect(try f.run(["init"], network: "regtest").exitCode == 0)
        let phrase = try f.dir.write("phrase", KeysDeriveTests.samplePhrase)
        #expect(try f.run(["wallet", "import", "--mnemonic-file", phrase], network: "regtest").exitCode == 0)
        return f
    }

    @Test func aVerifiedPaymentToTheWalletIsAcceptedOnce() throws {
        let f = try regtestWallet()
        let address = try Self.sampleAddress(f, index: 3)
        let pay = try SignerFixtures.payment(to: address, amounts: [50_000, 7_000])
        let other = try SignerFixtures.payment(to: Address(hash160: [UInt8](repeating: 9, count: 20), network: .regtest), amounts: [1000])
        let block = try SignerFixtures.mineBlock(on: Checkpoint.regtest.header, containing: [other, pay])
        let headers = try f.write("h.hfheaders", SignerFixtures.regtestBundle([block]))
        let receipt = try f.write("r.hfreceipt", block.receipt(index: 1, height: 1).encoded())
        let result = try f.run(["import", headers, receipt, "--json"], network: "regtest")
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let walletID = try Self.walletID(f)
        #expect(lines[1] == "{\"accepted\":true,\"kind\":\"hfreceipt\",\"received\":57000,\"txid\":\"\(Txid(hashing: pay).displayHex)\",\"wallets\":[\"\(walletID)\"]}")
        let again = try f.run(["import", receipt], network: "regtest")
        #expect(again.exitCode == 0)
        #expect(again.stdout.contains("already imported"))
        // The payment at index 3 moved the receive chain: the next fresh address is index 4.
        let next = try f.run(["address", "next", "--json"], network: "regtest")
        #expect(next.stdout.contains("\"index\":4"))
    }

    @Test func aVerifiedTransactionThatIsNotOursIsRefused() throws {
        let f = try regtestWallet()
        let stranger = try SignerFixtures.payment(to: Address(hash160: [UInt8](repeating: 7, count: 20), network: .regtest), amounts: [5000])
        let block = try SignerFixtures.mineBlock(on: Checkpoint.regtest.header, containing: [stranger])
        #expect(try f.run(["import", f.write("h", SignerFixtures.regtestBundle([block]))], network: "regtest").exitCode == 0)
        let result = try f.run(["import", f.write("r", block.receipt(index: 0, height: 1).encoded())], network: "regtest")
        #expect(result.exitCode == 65)
        #expect(result.stderr.contains("neither pays nor spends"))
        #expect(try f.run(["address", "next", "--json"], network: "regtest").stdout.contains("\"index\":0"))
    }

    @Test func aReceiptAboveTheTipIsRefusedWithoutStoring() throws {
        let f = try regtestWallet()
        let pay = try SignerFixtures.payment(to: Self.sampleAddress(f), amounts: [10_000])
        let block = try SignerFixtures.mineBlock(on: Checkpoint.regtest.header, containing: [pay])
        let result = try f.run(["import", f.write("r", block.receipt(index: 0, height: 1).encoded())], network: "regtest")
        #expect(result.exitCode == 65)
        #expect(result.stderr.contains("import newer headers"))
        let next = try f.run(["address", "next", "--json"], network: "regtest")
        #expect(next.stdout.contains("\"index\":0"), "nothing moved")
    }
}

/// Derivation-type auto-repair: a type42 wallet paid only on its BIP44 chain becomes a bip44 wallet.
@Suite struct DerivationRepairCLITests {
    @Test func aPaymentOnlyToBIP44SwitchesTheWallet() throws {
        let f = try SignerFixtures()
        #expect(try f.run(["init"], network: "regtest").exitCode == 0)
        let phrase = try f.dir.write("phrase", KeysDeriveTests.samplePhrase)
        #expect(try f.run(["wallet", "import", "--mnemonic-file", phrase], network: "regtest").exitCode == 0)
        let derive = try f.signer.run(["keys", "derive", "--mnemonic-file", phrase, "--scheme", "bip44", "--start", "2",
                                       "--count", "1", "--network", "regtest", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(derive.stdout.utf8)) as! [[String: Any]]
        let bip44Address = try Address(string: object[0]["address"] as! String, network: .regtest)
        let pay = try SignerFixtures.payment(to: bip44Address, amounts: [9_000])
        let block = try SignerFixtures.mineBlock(on: Checkpoint.regtest.header, containing: [pay])
        let result = try f.run(["import", f.write("h", SignerFixtures.regtestBundle([block])),
                                f.write("r", block.receipt(index: 0, height: 1).encoded())], network: "regtest")
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        #expect(try f.run(["wallet", "show", "--json"], network: "regtest").stdout.contains("\"derivation\":\"bip44\""))
        let next = try f.run(["address", "next", "--json"], network: "regtest")
        #expect(next.stdout.contains("m/44'/236'/0'/0/3"))
    }
}
