import Foundation
import HFBundles
import HFCrypto
import HFPrimitives
import HFSPV
import HFTestSupport
import RegtestFixtures
import Testing

/// `hf-signer import` of BEEF files on a mined regtest chain: every BUMP root against the local headers, then the
/// subject through the receipt path; every refusal leaves the home byte for byte as it was.
@Suite struct BeefImportTests {
    /// A regtest wallet (the sample mnemonic) and a block at height 1 holding a stranger's payment and `pay`.
    struct Setup {
        let f: SignerFixtures
        let address: Address
        let pay: BeefTransaction
        let stranger: BeefTransaction
        let block: SignerFixtures.RegtestBlock
    }

    func setup() throws -> Setup {
        let f = try SignerFixtures()
        #expect(try f.run(["init"], network: "regtest").exitCode == 0)
        let phrase = try f.dir.write("phrase", KeysDeriveTests.samplePhrase)
        #expect(try f.run(["wallet", "import", "--mnemonic-file", phrase], network: "regtest").exitCode == 0)
        let address = try ReceiptImportTests.sampleAddress(f, index: 2)
        let pay = try SignerFixtures.payment(to: address, amounts: [40_000, 2_000])
        let other = try SignerFixtures.payment(to: Address(hash160: [UInt8](repeating: 9, count: 20), network: .regtest), amounts: [1000])
        let block = try SignerFixtures.mineBlock(on: Checkpoint.regtest.header, containing: [other, pay])
        let headers = try f.write("h.hfheaders", SignerFixtures.regtestBundle([block]))
        #expect(try f.run(["import", headers], network: "regtest").exitCode == 0)
        return Setup(
            f: f, address: address, pay: try BeefTransaction(rawTx: pay, bumpIndex: 0),
            stranger: try BeefTransaction(rawTx: other, bumpIndex: 0), block: block)
    }

    func balance(_ f: SignerFixtures) throws -> String {
        try f.run(["balance", "--json"], network: "regtest").stdout
    }

    @Test func anAtomicBeefOfAMinedPaymentIsImportedOnce() throws {
        let s = try setup()
        let bump = try s.block.tree.merklePath(indices: [1], blockHeight: 1)
        let atomic = try AtomicBeef(subject: s.pay.txid, beef: Beef(version: .v1, bumps: [bump], transactions: [s.pay]))
        let file = try s.f.write("pay.beef", atomic.serialized)
        let inspect = try s.f.run(["bundle", "inspect", file, "--json"], network: "regtest")
        #expect(inspect.exitCode == 0, "stderr: \(inspect.stderr)")
        #expect(inspect.stdout.contains("\"kind\":\"atomic-beef\""))
        #expect(inspect.stdout.contains("\"subject\":\"\(s.pay.txid.displayHex)\""))
        #expect(inspect.stdout.contains("\"blockHeights\":[1]"))
        let result = try s.f.run(["import", file, "--json"], network: "regtest")
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        #expect(result.stdout == "{\"accepted\":true,\"kind\":\"atomic-beef\",\"received\":42000,\"txid\":\"\(s.pay.txid.displayHex)\"}\n")
        #expect(try balance(s.f).contains("\"confirmed\":42000"))
        let again = try s.f.run(["import", file], network: "regtest")
        #expect(again.exitCode == 0)
        #expect(again.stdout.contains("already imported"))
        #expect(try s.f.run(["address", "next", "--json"], network: "regtest").stdout.contains("\"index\":3"))
    }

    @Test func aPlainV2BeefAsHexTextIsImported() throws {
        let s = try setup()
        // Both transactions of the block in one compound BUMP: the stranger's is a tip too, so a plain BEEF of both
        // is refused as a whole (it is not ours); the payment alone is accepted.
        let compound = try s.block.tree.merklePath(indices: [0, 1], blockHeight: 1)
        let both = try Beef(version: .v2, bumps: [compound], transactions: [s.stranger, s.pay])
        let before = try s.f.homeDigest()
        let refused = try s.f.run(["import", s.f.write("both.beef", Array(both.hex.utf8))], network: "regtest")
        #expect(refused.exitCode == 65)
        #expect(refused.stderr.contains("neither pays nor spends"))
        #expect(try s.f.homeDigest() == before, "all or nothing: the payment was not stored either")
        let one = try Beef(version: .v2, bumps: [compound], transactions: [s.pay])
        let result = try s.f.run(["import", s.f.write("one.beef", Array((one.hex.uppercased() + "\n").utf8)), "--json"], network: "regtest")
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("\"kind\":\"beef\",\"received\":42000"))
    }

    @Test func refusalsChangeNothing() throws {
        let s = try setup()
        let before = try s.f.homeDigest()
        func refuse(_ name: String, _ bytes: [UInt8], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let result = try s.f.run(["import", s.f.write(name, bytes)], network: "regtest")
            #expect(result.exitCode == 65, "\(name): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stderr.contains(message), "\(name): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(try s.f.homeDigest() == before, "\(name) changed the home", sourceLocation: sourceLocation)
        }
        // The same payment proven in another block at height 1 (not the local one): its root is not in the chain.
        let forked = try SignerFixtures.mineBlock(on: Checkpoint.regtest.header, containing: [s.pay.rawTx!])
        let forkedBump = try forked.tree.merklePath(indices: [0], blockHeight: 1)
        let foreign = try AtomicBeef(subject: s.pay.txid, beef: Beef(version: .v1, bumps: [forkedBump], transactions: [s.pay]))
        try refuse("foreign.beef", foreign.serialized, "is not the root of the local block at height 1")
        // A BUMP above the local tip.
        let high = try s.block.tree.merklePath(indices: [1], blockHeight: 5)
        let above = try AtomicBeef(subject: s.pay.txid, beef: Beef(version: .v1, bumps: [high], transactions: [s.pay]))
        try refuse("above.beef", above.serialized, "not in the local validated chain")
        // Tampered: one byte of the transaction changed, so its txid is no longer in its BUMP.
        let bump = try s.block.tree.merklePath(indices: [1], blockHeight: 1)
        var tampered = try AtomicBeef(subject: s.pay.txid, beef: Beef(version: .v1, bumps: [bump], transactions: [s.pay])).serialized
        tampered[tampered.count - 10] ^= 0x01
        try refuse("tampered.beef", tampered, "is not at level 0 of BUMP 0")
        // Not ours.
        let strangerBeef = try AtomicBeef(subject: s.stranger.txid, beef: Beef(
            version: .v1, bumps: [try s.block.tree.merklePath(indices: [0], blockHeight: 1)], transactions: [s.stranger]))
        try refuse("stranger.beef", strangerBeef.serialized, "neither pays nor spends")
        // An unmined child of the payment: its parent is proven, the child itself is not.
        let address = s.address
        let child = Transaction(
            inputs: [TransactionInput(previousOutput: OutPoint(txid: s.pay.txid, vout: 0), unlockingScript: Script(bytes: [0x51]))],
            outputs: [try TransactionOutput(satoshis: 39_000, lockingScript: Script(p2pkhPaying: address))])
        let unmined = try AtomicBeef(subject: child.txid, beef: Beef(
            version: .v1, bumps: [bump], transactions: [s.pay, BeefTransaction(transaction: child)]))
        try refuse("unmined.beef", unmined.serialized, "is not mined yet")
        // Structure: children before parents, garbage with a BEEF prefix.
        var reordered = unmined.beef.serialized
        let parentBytes = s.pay.rawTx! + [1, 0]
        let childBytes = child.serialized + [0]
        reordered.removeLast(parentBytes.count + childBytes.count)
        try refuse("order.beef", reordered + childBytes + parentBytes, "comes before its parent")
        try refuse("garbage.beef", [0x01, 0x00, 0xbe, 0xef, 0x05], "malformed")
        try refuse("garbage.txt", Array("0100BEEFzz".utf8), "not valid hex")
        #expect(try balance(s.f).contains("\"confirmed\":0"))
    }
}
