import Foundation
import HFBundles
import HFCrypto
import HFPrimitives
import HFSPV
import HFTestSupport
import RegtestFixtures
import Testing

/// Issue 14: a 64-byte "transaction" is refused by the SPV inclusion check itself, in every signer entry point
/// (`receipt verify`, `import` of a receipt, `import` of BEEF), with the stable code `sixtyFourByteTransaction`.
@Suite struct SixtyFourByteTransactionTests {
    /// The reproduced case: in a regtest block of four transactions, txid 0 ‖ txid 1 (internal order) is a
    /// 64-byte string whose hash is the inner node at level 1, proven at index 0 by the sibling node above it.
    static func innerNodeReceipt(_ block: SignerFixtures.RegtestBlock, height: Int) throws -> ReceiptBundle {
        let levels = block.tree.levels
        let raw = levels[0][0].txid.internalBytes + levels[0][1].txid.internalBytes
        let nodes: [TSCProof.Node] = (1..<levels.count - 1).map { level in
            levels[level].count > 1 ? .hash(levels[level][1]) : .duplicate
        }
        let proof = try TSCProof(
            index: 0, txOrId: .txid(levels[1][0].txid), target: .blockHash(block.header.hash), nodes: nodes)
        #expect(throws: Never.self) { try proof.verify(txid: Txid(hashing: raw), header: block.header) }
        return try ReceiptBundle(
            network: .regtest, rawTx: raw, blockHeight: UInt32(height), header: block.header, merkleProof: proof)
    }

    /// A transaction that parses and is exactly 64 bytes (one input, a 4-byte unlocking script, one output with an
    /// empty locking script).
    static func parseableSixtyFourByteTransaction() throws -> [UInt8] {
        let input = TransactionInput(
            previousOutput: OutPoint(txid: Txid(hashing: [7]), vout: 0), unlockingScript: Script(bytes: [0x51, 0x51, 0x51, 0x51]))
        let raw = Transaction(inputs: [input], outputs: [try TransactionOutput(satoshis: 1_000, lockingScript: Script(bytes: []))])
            .serialized
        try #require(raw.count == 64)
        return raw
    }

    /// A regtest home with the sample wallet and `block` imported at height 1.
    func home(with block: SignerFixtures.RegtestBlock) throws -> SignerFixtures {
        let f = try SignerFixtures()
        #expect(try f.run(["init"], network: "regtest").exitCode == 0)
        let phrase = try f.dir.write("phrase", KeysDeriveTests.samplePhrase)
        #expect(try f.run(["wallet", "import", "--mnemonic-file", phrase], network: "regtest").exitCode == 0)
        let headers = try f.write("h.hfheaders", SignerFixtures.regtestBundle([block]))
        #expect(try f.run(["import", headers], network: "regtest").exitCode == 0)
        return f
    }

    func expectRefused(_ result: BuiltTool.Result, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(result.exitCode == 65, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("error: "), sourceLocation: sourceLocation)
        #expect(result.stderr.contains("64 bytes"), "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        let last = try #require(result.stdout.split(separator: "\n").last, sourceLocation: sourceLocation)
        let object = try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any]
        let error = try #require(object?["error"] as? [String: Any], sourceLocation: sourceLocation)
        #expect(error["code"] as? String == "sixtyFourByteTransaction", sourceLocation: sourceLocation)
        #expect(error["exit"] as? Int == 65, sourceLocation: sourceLocation)
    }

    @Test func receiptVerifyRefusesTheInnerNodeOfARealTree() throws {
        let block = try SignerFixtures.mineBlock(on: Checkpoint.regtest.header, transactions: 4)
        let f = try home(with: block)
        let path = try f.write("inner.hfreceipt", Self.innerNodeReceipt(block, height: 1).encoded())
        let result = try f.run(["receipt", "verify", path, "--json"], network: "regtest")
        try expectRefused(result)
        #expect(result.stdout.contains("\"verdict\":\"sixtyFourByteTransaction\""), "stdout: \(result.stdout)")
        // A real transaction of the same block still verifies.
        let real = try f.write("real.hfreceipt", block.receipt(index: 2, height: 1).encoded())
        #expect(try f.run(["receipt", "verify", real], network: "regtest").exitCode == 0)
    }

    @Test func importRefusesTheInnerNodeAndAMinedSixtyFourByteTransaction() throws {
        let tiny = try Self.parseableSixtyFourByteTransaction()
        let filler = (0..<3).map { _ in SecureRandom.bytes(200) }
        let block = try SignerFixtures.mineBlock(on: Checkpoint.regtest.header, containing: filler + [tiny])
        let f = try home(with: block)
        let before = try f.run(["balance", "--json"], network: "regtest").stdout
        let inner = try f.write("inner.hfreceipt", Self.innerNodeReceipt(block, height: 1).encoded())
        try expectRefused(try f.run(["import", inner, "--json"], network: "regtest"))
        // A transaction that really is in the block and parses, but is 64 bytes: the SPV check refuses it before
        // the ownership check would call it "not ours".
        let mined = try f.write("tiny.hfreceipt", block.receipt(index: 3, height: 1).encoded())
        try expectRefused(try f.run(["import", mined, "--json"], network: "regtest"))
        let bump = try block.tree.merklePath(indices: [3], blockHeight: 1)
        let entry = try BeefTransaction(rawTx: tiny, bumpIndex: 0)
        let atomic = try AtomicBeef(subject: entry.txid, beef: Beef(version: .v1, bumps: [bump], transactions: [entry]))
        let beef = try f.write("tiny.beef", atomic.serialized)
        try expectRefused(try f.run(["import", beef, "--json"], network: "regtest"))
        #expect(try f.run(["balance", "--json"], network: "regtest").stdout == before, "nothing was kept")
    }
}
