import Foundation
import HFBundles
import HFPrimitives
import HFSPV
import HFTestSupport
import RegtestFixtures
import Testing

/// Confirmation is derived from the chain (issue 13): a heavier branch that replaces blocks holding the wallet's
/// receipts uncounts them at once, and counts them again when the chain comes back; an orphaned foreign spend hides
/// no coin; the wallet's own spend in a replaced block is pending again and can be cancelled. Regtest blocks cost
/// nothing to mine, so a branch is as cheap here as SPV (which checks no scripts) makes it on a real test network.
/// The branches are built by hand on purpose (exact blocks, no server); `hf-devnet reorg` (or `DevnetChain.reorg`)
/// makes the same kind of branch on a running devnet, as `LoopTests/WatcherReorgLoopTests` does for the watcher.
@Suite struct ReorgLedgerTests {
    struct Balance: Decodable, Equatable {
        let confirmed: UInt64
        let pendingOut: UInt64
        let utxoCount: Int
    }

    /// A regtest sample wallet on a fresh home.
    static func wallet() throws -> SignerFixtures {
        let f = try SignerFixtures()
        #expect(try f.run(["init"], network: "regtest").exitCode == 0)
        let phrase = try f.dir.write("phrase", KeysDeriveTests.samplePhrase)
        #expect(try f.run(["wallet", "import", "--mnemonic-file", phrase], network: "regtest").exitCode == 0)
        return f
    }

    /// The sample wallet with `amounts` paid to receive address 0 in block 1, headers and receipt imported.
    static func funded(_ amounts: [UInt64]) throws -> (SignerFixtures, SignerFixtures.RegtestBlock) {
        let f = try wallet()
        let pay = try SignerFixtures.payment(to: ReceiptImportTests.sampleAddress(f, index: 0), amounts: amounts)
        let block1 = try SignerFixtures.mineBlock(on: Checkpoint.regtest.header, containing: [pay])
        try importFiles(f, [
            ("h1", try SignerFixtures.regtestBundle([block1])), ("r1", try block1.receipt(index: 0, height: 1).encoded()),
        ])
        return (f, block1)
    }

    static func balance(_ f: SignerFixtures) throws -> Balance {
        let result = try f.run(["balance", "--json"], network: "regtest")
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        return try JSONDecoder().decode(Balance.self, from: Data(result.stdout.utf8))
    }

    /// Imports `files` (written into the fixture directory) and expects success.
    static func importFiles(_ f: SignerFixtures, _ files: [(String, [UInt8])]) throws {
        let paths = try files.map { try f.write($0.0, $0.1) }
        let result = try f.run(["import"] + paths, network: "regtest")
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
    }

    /// `count` blocks of random transactions mined one on another, starting on `parent`.
    static func branch(on parent: BlockHeader, count: Int) throws -> [SignerFixtures.RegtestBlock] {
        var blocks: [SignerFixtures.RegtestBlock] = []
        var tip = parent
        for _ in 0..<count {
            let block = try SignerFixtures.mineBlock(on: tip)
            blocks.append(block)
            tip = block.header
        }
        return blocks
    }

    /// A transaction spending `outpoint` to a stranger (its signature is never checked: SPV checks no scripts).
    static func foreignSpend(of outpoint: OutPoint, satoshis: UInt64) throws -> [UInt8] {
        let stranger = try Address(hash160: [UInt8](repeating: 0x77, count: 20), network: .regtest)
        let input = TransactionInput(previousOutput: outpoint, unlockingScript: Script(bytes: [0x51]))
        let output = try TransactionOutput(satoshis: satoshis, lockingScript: Script(p2pkhPaying: stranger))
        return Transaction(inputs: [input], outputs: [output]).serialized
    }

    /// The two-receipt home of the kill tests too: 50,000 in block 1 and 30,000 in block 2, both imported; and a
    /// branch of three blocks on block 1 (heavier than block 2 alone) that holds neither payment of block 2.
    struct TwoReceipts {
        let f: SignerFixtures
        let chain: [SignerFixtures.RegtestBlock]
        let branch: [SignerFixtures.RegtestBlock]
        var branchBundle: [UInt8] { get throws { try SignerFixtures.regtestBundle(branch, start: 2) } }
    }

    static func twoReceipts() throws -> TwoReceipts {
        let f = try wallet()
        let pay0 = try SignerFixtures.payment(to: ReceiptImportTests.sampleAddress(f, index: 0), amounts: [50_000])
        let pay1 = try SignerFixtures.payment(to: ReceiptImportTests.sampleAddress(f, index: 1), amounts: [30_000])
        let block1 = try SignerFixtures.mineBlock(on: Checkpoint.regtest.header, containing: [pay0])
        let block2 = try SignerFixtures.mineBlock(on: block1.header, containing: [pay1])
        try importFiles(f, [
            ("h12", try SignerFixtures.regtestBundle([block1, block2])),
            ("r1", try block1.receipt(index: 0, height: 1).encoded()), ("r2", try block2.receipt(index: 0, height: 2).encoded()),
        ])
        return TwoReceipts(f: f, chain: [block1, block2], branch: try branch(on: block1.header, count: 3))
    }

    @Test func aHeavierBranchUncountsItsReceiptsAndTheirReturnCountsThemAgain() throws {
        let s = try Self.twoReceipts()
        #expect(try Self.balance(s.f) == Balance(confirmed: 80_000, pendingOut: 0, utxoCount: 2))
        try Self.importFiles(s.f, [("branch", try s.branchBundle)])
        #expect(try Self.balance(s.f) == Balance(confirmed: 50_000, pendingOut: 0, utxoCount: 1),
                "the receipt of block 2 is off the best chain: it counts for nothing")
        let utxos = try s.f.run(["utxos", "--json"], network: "regtest")
        #expect(!utxos.stdout.contains("30000"))
        // The old chain grows heavier again (blocks 3–5 on block 2): block 2's receipt counts again with no re-import.
        let regrown = try Self.branch(on: s.chain[1].header, count: 3)
        try Self.importFiles(s.f, [("regrown", try SignerFixtures.regtestBundle(s.chain + regrown))])
        #expect(try Self.balance(s.f) == Balance(confirmed: 80_000, pendingOut: 0, utxoCount: 2))
    }

    @Test func aForeignSpendInAnOrphanedBlockHidesNoCoin() throws {
        let f = try Self.wallet()
        let pay = try SignerFixtures.payment(to: ReceiptImportTests.sampleAddress(f, index: 0), amounts: [50_000])
        let block1 = try SignerFixtures.mineBlock(on: Checkpoint.regtest.header, containing: [pay])
        let theft = try Self.foreignSpend(of: OutPoint(txid: Txid(hashing: pay), vout: 0), satoshis: 49_000)
        let block2 = try SignerFixtures.mineBlock(on: block1.header, containing: [theft])
        try Self.importFiles(f, [
            ("h", try SignerFixtures.regtestBundle([block1, block2])),
            ("r1", try block1.receipt(index: 0, height: 1).encoded()), ("r2", try block2.receipt(index: 0, height: 2).encoded()),
        ])
        #expect(try Self.balance(f).confirmed == 0, "a confirmed foreign spend consumes the coin")
        let branch = try Self.branch(on: block1.header, count: 2)
        try Self.importFiles(f, [("branch", try SignerFixtures.regtestBundle(branch, start: 2))])
        #expect(try Self.balance(f) == Balance(confirmed: 50_000, pendingOut: 0, utxoCount: 1),
                "the spend's block left the best chain: the coin counts again")
    }

    @Test func theWalletsOwnSpendInAReplacedBlockIsPendingAgainAndCancellable() throws {
        let (f, block1) = try Self.funded([50_000])
        let stranger = try Address(hash160: [UInt8](repeating: 0x42, count: 20), network: .regtest)
        let out = f.dir.path("send.hftx")
        let sent = try f.run(["send", "--yes", "--to", stranger.string, "--amount", "10000", "--out", out, "--json"], network: "regtest")
        #expect(sent.exitCode == 0, "stderr: \(sent.stderr)")
        let bundle = try TransactionBundle(decoding: [UInt8](Data(contentsOf: URL(fileURLWithPath: out))), expectedNetwork: .regtest)
        let txid = try Transaction(bytes: bundle.rawTx).txid.displayHex
        let block2 = try SignerFixtures.mineBlock(on: block1.header, containing: [bundle.rawTx])
        try Self.importFiles(f, [
            ("h2", try SignerFixtures.regtestBundle([block1, block2])), ("r2", try block2.receipt(index: 0, height: 2).encoded()),
        ])
        #expect(try f.run(["pending", "list", "--json"], network: "regtest").stdout == "[]\n")
        let mined = try Self.balance(f)
        #expect(mined.pendingOut == 0 && mined.confirmed > 39_000 && mined.confirmed < 40_000, "the change confirmed")

        let branch = try Self.branch(on: block1.header, count: 2)
        try Self.importFiles(f, [("branch", try SignerFixtures.regtestBundle(branch, start: 2))])
        #expect(try f.run(["pending", "list", "--json"], network: "regtest").stdout.contains(txid),
                "its block left the best chain: the spend is pending again")
        let orphaned = try Self.balance(f)
        #expect(orphaned.confirmed == 0, "its input stays spent until it is cancelled")
        #expect(orphaned.pendingOut == 50_000 - mined.confirmed)
        let again = f.dir.path("again.hftx")
        #expect(try f.run(["pending", "export", txid, "--out", again], network: "regtest").exitCode == 0)
        try SignerFixtures.expectSameTransactionNewerState(out, again, txid: txid)
        let cancel = try f.run(["pending", "cancel", txid], network: "regtest")
        #expect(cancel.exitCode == 0, "stderr: \(cancel.stderr)")
        #expect(cancel.stderr.contains("mined at height 2") && cancel.stderr.contains("may still confirm"))
        #expect(try Self.balance(f) == Balance(confirmed: 50_000, pendingOut: 0, utxoCount: 1))
    }

    @Test func cancellingAPendingTransactionWarnsThatItMayStillConfirm() throws {
        let (f, _) = try Self.funded([20_000])
        let stranger = try Address(hash160: [UInt8](repeating: 0x42, count: 20), network: .regtest)
        let sent = try f.run(["send", "--yes", "--to", stranger.string, "--amount", "5000", "--out", f.dir.path("a.hftx"), "--json"],
                             network: "regtest")
        let txid = try #require(sent.stdout.split(separator: "\"").drop { $0 != "txid" }.dropFirst(2).first)
        let cancel = try f.run(["pending", "cancel", String(txid)], network: "regtest")
        #expect(cancel.exitCode == 0)
        #expect(cancel.stderr.contains("warning: its .hftx was written; if it was broadcast it may still confirm"))
    }

    @Test func sendRefusesAnExistingOutBeforeKeepingAnything() throws {
        let (f, _) = try Self.funded([20_000])
        let taken = try f.write("taken.hftx", Array("not mine".utf8))
        let stranger = try Address(hash160: [UInt8](repeating: 0x42, count: 20), network: .regtest)
        let refused = try f.run(["send", "--yes", "--to", stranger.string, "--amount", "5000", "--out", taken], network: "regtest")
        #expect(refused.exitCode == 73)
        #expect(refused.stderr.contains("already exists") && refused.stderr.contains("nothing was kept"))
        #expect(try String(contentsOfFile: taken, encoding: .utf8) == "not mine")
        #expect(try f.run(["pending", "list", "--json"], network: "regtest").stdout == "[]\n")
        #expect(try Self.balance(f).confirmed == 20_000)
    }
}
