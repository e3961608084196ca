import Foundation
import HFPrimitives
import HFTestSupport
import Testing

/// BEEF V1/V2 and Atomic BEEF with the test vectors (`Tests/Vectors`): decode, the parsed fields, byte-for-byte re-encoding.
@Suite struct BeefTests {
    /// The BRC-62 specification example in its three forms: V1 (upstream), Atomic and V2 (derived with ts-sdk).
    @Test func specificationExampleInAllThreeForms() throws {
        guard let file = try ChainVectors.object("beef/brc62-example.json") else { return }
        let v1Hex = try ChainVectors.string(file, "beefV1Hex")
        let beef = try Beef(hex: v1Hex)
        #expect(beef.version == .v1)
        #expect(beef.hex == v1Hex)
        let parsed = try #require(file["parsed"] as? [String: Any])
        #expect(Int(beef.version.rawValue) == (try ChainVectors.int(parsed, "version")))
        let bumps = try ChainVectors.objects(parsed, "bumps")
        #expect(beef.bumps.count == bumps.count)
        for (bump, row) in zip(beef.bumps, bumps) {
            #expect(Int(bump.blockHeight) == (try ChainVectors.int(row, "blockHeight")))
            #expect(bump.root.displayHex == (try ChainVectors.string(row, "computedRoot")))
        }
        let txs = try ChainVectors.objects(parsed, "txs")
        #expect(beef.transactions.count == txs.count)
        for (entry, row) in zip(beef.transactions, txs) {
            #expect(entry.txid.displayHex == (try ChainVectors.string(row, "txid")))
            #expect(entry.bumpIndex == row["bumpIndex"] as? Int)
            #expect(entry.rawTx?.count == (try ChainVectors.int(row, "rawTxLength")))
        }
        let subject = try Txid(displayHex: try ChainVectors.string(file, "subjectTxid"))
        #expect(beef.tips.map(\.txid) == [subject])

        let atomicHex = try ChainVectors.string(file, "atomicBeefHex")
        let atomic = try AtomicBeef(hex: atomicHex)
        #expect(atomic.subject == subject)
        #expect(atomic.beef == beef)
        #expect(atomic.hex == atomicHex)
        #expect(try AtomicBeef(subject: subject, beef: beef).hex == atomicHex)

        let v2Hex = try ChainVectors.string(file, "beefV2Hex")
        let v2 = try Beef(hex: v2Hex)
        #expect(v2.version == .v2)
        #expect(v2.hex == v2Hex)
        #expect(v2.transactions == beef.transactions)
        #expect(v2.bumps == beef.bumps)
        #expect(try Beef(version: .v2, bumps: beef.bumps, transactions: beef.transactions).hex == v2Hex)
        #expect(try Beef(hex: v1Hex.uppercased()) == beef)
    }

    /// ts-sdk's testnet BEEF: the root is the one the reference's chain tracker asserts; merging the child gives a
    /// two-transaction BEEF (and an Atomic BEEF about the child) that round trips.
    @Test func referenceBeefWithProofAndItsChild() throws {
        guard let file = try ChainVectors.object("beef/ts-sdk.beef-vectors.json") else { return }
        let vector = try #require(file["beefWithProof"] as? [String: Any])
        let hex = try ChainVectors.string(vector, "beefHex")
        let beef = try Beef(hex: hex)
        #expect(beef.hex == hex)
        #expect(beef.bumps.count == 1)
        #expect(Int(beef.bumps[0].blockHeight) == (try ChainVectors.int(vector, "blockHeight")))
        #expect(beef.bumps[0].root.displayHex == (try ChainVectors.string(vector, "merkleRoot")))
        let txid = try Txid(displayHex: try ChainVectors.string(vector, "txid"))
        #expect(beef.transactions.last?.txid == txid)
        #expect(beef.bump(for: txid) == beef.bumps[0])

        let child = try BeefTransaction(rawTx: TestHex.decode(try ChainVectors.string(file, "childTxHex")))
        #expect(child.txid.displayHex == (try ChainVectors.string(file, "childTxid")))
        #expect(child.parentTxids.contains(txid))
        for version in [Beef.Version.v1, .v2] {
            let merged = try Beef(version: version, bumps: beef.bumps, transactions: beef.transactions + [child])
            #expect(try Beef(serialized: merged.serialized) == merged)
            #expect(merged.tips.map(\.txid) == [child.txid])
            let atomic = try AtomicBeef(subject: child.txid, beef: merged)
            #expect(try AtomicBeef(serialized: atomic.serialized) == atomic)
            #expect(try BeefFile(decoding: Array((atomic.hex + "\n").utf8)) == .atomic(atomic))
            #expect(try BeefFile(decoding: atomic.serialized) == .atomic(atomic))
        }
        // V2 may name a parent by txid only (the receiver is assumed to hold it).
        let txidOnly = try Beef(version: .v2, bumps: [], transactions: [BeefTransaction(txidOnly: txid), child])
        #expect(try Beef(serialized: txidOnly.serialized) == txidOnly)
        #expect(txidOnly.serialized.count == 4 + 1 + 1 + 33 + 1 + child.rawTx!.count)
    }

    /// The out-of-order reference BEEF: the strict decoder refuses it, naming the child and parent; the same
    /// transactions parents first are accepted.
    @Test func outOfOrderTransactionsAreRefused() throws {
        guard let file = try ChainVectors.object("beef/ts-sdk.beef-vectors.json") else { return }
        let vector = try #require(file["bumpIndexEncoding"] as? [String: Any])
        let order = try #require(vector["txOrderInBinary"] as? [String])
        let hex = try ChainVectors.string(vector, "beefHex")
        #expect(throws: BeefError.parentAfterChild(child: try Txid(displayHex: order[0]), parent: try Txid(displayHex: order[1]))) {
            try Beef(hex: hex)
        }
    }

    /// The wrong-BUMP reference BEEF: its transaction is not in the BUMP it names.
    @Test func transactionNotInItsBumpIsRefused() throws {
        guard let file = try ChainVectors.object("beef/ts-sdk.beef-vectors.json") else { return }
        let vector = try #require(file["wrongBumpTxid"] as? [String: Any])
        #expect(vector["valid"] as? Bool == false)
        do {
            _ = try Beef(hex: try ChainVectors.string(vector, "beefHex"))
            Issue.record("the wrong-BUMP BEEF was accepted")
        } catch let error as BeefError {
            guard case .transactionNotInBump(_, let bumpIndex) = error else {
                Issue.record("wrong error: \(error)")
                return
            }
            #expect(bumpIndex == 0)
        }
    }
}
