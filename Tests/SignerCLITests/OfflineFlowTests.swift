import Foundation
import HFBundles
import HFPrimitives
import HFSPV
import HFTestSupport
import HFWallet
import RegtestFixtures
import Testing

/// The end-to-end offline flow of issue #4 on a mined regtest chain with real signatures and real proofs:
/// init → import wallet → headers and receipts → balance → send → the .hftx checks out → its receipt confirms it.
@Suite struct OfflineFlowTests {
    struct Balance: Decodable, Equatable {
        let walletId: String
        let confirmed: UInt64
        let pendingOut: UInt64
        let utxoCount: Int
    }

    struct Sent: Decodable {
        let txid: String
        let fee: UInt64
        let pendingId: String
    }

    func balance(_ f: SignerFixtures) throws -> Balance {
        let result = try f.run(["balance", "--json"], network: "regtest")
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        return try JSONDecoder().decode(Balance.self, from: Data(result.stdout.utf8))
    }

    @Test func receiveSendAndConfirm() throws {
        let f = try SignerFixtures()
        #expect(try f.run(["init"], network: "regtest").exitCode == 0)
        let phrase = try f.dir.write("phrase", KeysDeriveTests.samplePhrase)
        #expect(try f.run(["wallet", "import", "--mnemonic-file", phrase], network: "regtest").exitCode == 0)

        // Two payments to receive addresses 0 and 1, in block 1.
        let pay0 = try SignerFixtures.payment(to: ReceiptImportTests.sampleAddress(f, index: 0), amounts: [60_000])
        let pay1 = try SignerFixtures.payment(to: ReceiptImportTests.sampleAddress(f, index: 1), amounts: [40_000, 1])
        let block1 = try SignerFixtures.mineBlock(on: Checkpoint.regtest.header, containing: [pay0, pay1])
        let imported = try f.run([
            "import", f.write("h1", SignerFixtures.regtestBundle([block1])),
            f.write("r0", block1.receipt(index: 0, height: 1).encoded()), f.write("r1", block1.receipt(index: 1, height: 1).encoded()),
        ], network: "regtest")
        #expect(imported.exitCode == 0, "stderr: \(imported.stderr)")
        let walletID = WalletCommandTests.sampleWalletID
        let regtestID = try balance(f).walletId
        #expect(regtestID != walletID, "the wallet ID depends on the network")
        #expect(try balance(f) == Balance(walletId: regtestID, confirmed: 100_001, pendingOut: 0, utxoCount: 3))

        // Send 70,000 to a stranger: needs both real coins, never the 1-satoshi one.
        let stranger = try Address(hash160: [UInt8](repeating: 0x42, count: 20), network: .regtest)
        let out = f.dir.path("send.hftx")
        let sent = try f.run(["send", "--yes", "--to", stranger.string, "--amount", "70000", "--out", out, "--json"], network: "regtest")
        #expect(sent.exitCode == 0, "stderr: \(sent.stderr)")
        let result = try JSONDecoder().decode(Sent.self, from: Data(sent.stdout.utf8))

        // The .hftx parses, verifies input by input, pays what was asked, and returns change to change address 0.
        let bundle = try TransactionBundle(decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: out))), expectedNetwork: .regtest)
        let transaction = try Transaction(bytes: bundle.rawTx)
        #expect(transaction.txid.displayHex == result.txid)
        #expect(transaction.lockTime == 1, "nLockTime is the validated tip height")
        #expect(bundle.inputs.count == 2)
        #expect(!bundle.inputs.contains { $0.satoshis.satoshis == 1 })
        let cache = SighashCache(transaction: transaction)
        for (index, input) in bundle.inputs.enumerated() {
            let source = try TransactionOutput(satoshis: input.satoshis.satoshis, lockingScript: Script(bytes: input.lockingScript))
            #expect(P2PKHVerifier.isValid(input: index, of: cache, sourceOutput: source), "input \(index)")
        }
        #expect(transaction.outputs[0].satoshis == 70_000)
        #expect(transaction.outputs[0].lockingScript.p2pkhAddress(network: .regtest) == stranger)
        let change = transaction.outputs[1]
        #expect(change.satoshis == 100_000 - 70_000 - result.fee)
        let changeAddress = try f.run(["address", "list", "--chain", "change", "--count", "1", "--json"], network: "regtest")
        #expect(changeAddress.stdout.contains(change.lockingScript.p2pkhAddress(network: .regtest)!.string))
        #expect(try balance(f) == Balance(walletId: regtestID, confirmed: 1, pendingOut: 70_000 + result.fee, utxoCount: 1))
        let pending = try f.run(["pending", "list", "--json"], network: "regtest")
        #expect(pending.stdout.contains(result.txid))

        // A second send now has only the protected 1-satoshi coin: refused, nothing kept.
        let refused = try f.run(["send", "--yes", "--to", stranger.string, "--amount", "1000", "--out", f.dir.path("no.hftx")], network: "regtest")
        #expect(refused.exitCode == 65)
        #expect(!FileManager.default.fileExists(atPath: f.dir.path("no.hftx")))

        // The spend is mined in block 2; its receipt confirms it and the change becomes spendable.
        let block2 = try SignerFixtures.mineBlock(on: block1.header, containing: [bundle.rawTx])
        let confirm = try f.run([
            "import", f.write("h2", SignerFixtures.regtestBundle([block1, block2])),
            f.write("r2", block2.receipt(index: 0, height: 2).encoded()), "--json",
        ], network: "regtest")
        #expect(confirm.exitCode == 0, "stderr: \(confirm.stderr)")
        #expect(confirm.stdout.contains("\"received\":\(change.satoshis)"))
        #expect(try balance(f) == Balance(walletId: regtestID, confirmed: 1 + change.satoshis, pendingOut: 0, utxoCount: 2))
        #expect(try f.run(["pending", "list", "--json"], network: "regtest").stdout == "[]\n")
        let cancel = try f.run(["pending", "cancel", String(result.txid.prefix(12))], network: "regtest")
        #expect(cancel.exitCode == 65, "a confirmed transaction cannot be cancelled")
    }

    @Test func cancelFreesTheInputs() throws {
        let f = try SignerFixtures()
        #expect(try f.run(["init"], network: "regtest").exitCode == 0)
        let phrase = try f.dir.write("phrase", KeysDeriveTests.samplePhrase)
        #expect(try f.run(["wallet", "import", "--mnemonic-file", phrase], network: "regtest").exitCode == 0)
        let pay = try SignerFixtures.payment(to: ReceiptImportTests.sampleAddress(f), amounts: [20_000])
        let block = try SignerFixtures.mineBlock(on: Checkpoint.regtest.header, containing: [pay])
        #expect(try f.run(["import", f.write("h", SignerFixtures.regtestBundle([block])),
                           f.write("r", block.receipt(index: 0, height: 1).encoded())], network: "regtest").exitCode == 0)
        let stranger = try Address(hash160: [UInt8](repeating: 0x43, count: 20), network: .regtest)
        let sent = try f.run(["send", "--yes", "--to", stranger.string, "--amount", "5000", "--out", f.dir.path("a.hftx"), "--json"], network: "regtest")
        let txid = try JSONDecoder().decode(Sent.self, from: Data(sent.stdout.utf8)).txid
        #expect(try balance(f).confirmed == 0)
        let export = try f.run(["pending", "export", txid, "--out", f.dir.path("again.hftx")], network: "regtest")
        #expect(export.exitCode == 0)
        try SignerFixtures.expectSameTransactionNewerState(f.dir.path("a.hftx"), f.dir.path("again.hftx"), txid: txid)
        #expect(try f.run(["pending", "cancel", txid], network: "regtest").exitCode == 0)
        #expect(try balance(f).confirmed == 20_000)
        #expect(try balance(f).pendingOut == 0)
    }
}
