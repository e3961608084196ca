import HFBundles
import HFCrypto
import HFPrimitives
import Testing

/// Decodes bytes as a main-net receipt.
private func decode(_ bytes: [UInt8], network: Network? = .main) throws(BundleError) -> ReceiptBundle {
    try ReceiptBundle(decoding: bytes, expectedNetwork: network)
}

/// The fixture receipt's bytes.
private var good: [UInt8] { utf8(Fixtures.receiptJSON) }

@Suite struct ReceiptBundleTests {
    @Test func decodesTheFixtureAndItsProofVerifies() throws {
        let receipt = try decode(good)
        #expect(receipt.txid.displayHex == Fixtures.txidDisplay)
        #expect(receipt.blockHeight == 887_001)
        #expect(receipt.blockHash.displayHex == Fixtures.receiptBlockHashDisplay)
        #expect(receipt.merkleProof.index == 1)
        #expect(receipt.merkleProof.nodes.count == 2)
        #expect(receipt.header.merkleRoot.internalBytes == Fixtures.receiptRoot)
        // The bundle does not check the root itself; the SPV step does, and it passes for this fixture.
        #expect(throws: Never.self) { try receipt.merkleProof.verify(txid: receipt.txid, header: receipt.header) }
        #expect(receipt.encoded() == good)
    }

    @Test func roundTripFromValues() throws {
        let header = try BlockHeader(bytes: Fixtures.receiptHeader)
        let nodes = try Fixtures.receiptNodesDisplay.map { TSCProof.Node.hash(try MerkleHash(displayHex: $0)) }
        // A proof naming the block by header and carrying the whole transaction is stored in the bundle's form.
        let proof = try TSCProof(index: 1, txOrId: .transaction(Fixtures.rawTx), target: .header(header), nodes: nodes)
        let receipt = try ReceiptBundle(
            network: .main, rawTx: Fixtures.rawTx, blockHeight: 887_001, header: header, merkleProof: proof)
        #expect(receipt.merkleProof.target == .blockHash(header.hash))
        #expect(receipt.merkleProof.txOrId == .txid(receipt.txid))
        #expect(receipt.encoded() == good)
        #expect(try decode(receipt.encoded()) == receipt)
        let wrongTarget = try TSCProof(
            index: 1, txOrId: .txid(receipt.txid), target: .blockHash(Fixtures.checkpoint.hash), nodes: nodes)
        #expect(throws: BundleError.proofTargetMismatch) {
            try ReceiptBundle(network: .main, rawTx: Fixtures.rawTx, blockHeight: 1, header: header, merkleProof: wrongTarget)
        }
        let otherTx = try TSCProof(
            index: 1, txOrId: .txid(Txid(hashing: [1, 2, 3])), target: .blockHash(header.hash), nodes: nodes)
        #expect(throws: BundleError.proofTxidMismatch) {
            try ReceiptBundle(network: .main, rawTx: Fixtures.rawTx, blockHeight: 1, header: header, merkleProof: otherTx)
        }
    }

    @Test func duplicateNodeAndTargetTypeHash() throws {
        let withType = editedJSON(good, in: "merkleProof") { $0["targetType"] = .string("hash") }
        // targetType "hash" is accepted and not written back (it is the default).
        #expect(try decode(withType).encoded() == good)
        #expect(throws: BundleError.invalidValue(path: "merkleProof.targetType", allowed: ["hash"])) {
            try decode(editedJSON(good, in: "merkleProof") { $0["targetType"] = .string("header") })
        }
        #expect(throws: BundleError.wrongType(path: "merkleProof.targetType", expected: .string, found: .null)) {
            try decode(editedJSON(good, in: "merkleProof") { $0["targetType"] = .null })
        }
        // "*" at level 1 where the working node (index 1 >> 1 = 0) is a left child is structurally fine.
        let star = editedJSON(good, in: "merkleProof") {
            $0["nodes"] = .array([.string(Fixtures.receiptNodesDisplay[0]), .string("*")])
        }
        #expect(try decode(star).merkleProof.nodes[1] == .duplicate)
        // "*" at level 0 where index 1 is a right child is not.
        let badStar = editedJSON(good, in: "merkleProof") {
            $0["nodes"] = .array([.string("*"), .string(Fixtures.receiptNodesDisplay[1])])
        }
        #expect(throws: BundleError.self) { try decode(badStar) }
        do {
            _ = try decode(badStar)
        } catch {
            guard case .invalidMerkleProof(let path, _) = error else {
                Issue.record("expected invalidMerkleProof, got \(error)")
                return
            }
            #expect(path == "merkleProof")
        }
    }

    @Test func consistencyChecks() throws {
        let text = Fixtures.receiptJSON
        let otherTxid = hex(Hash.hash256([9]).reversed())
        #expect(throws: BundleError.txidMismatch) {
            try decode(editedJSON(good) { $0["txid"] = .string(otherTxid) })
        }
        var header = Fixtures.receiptHeader
        header[79] ^= 1
        #expect(throws: BundleError.blockHashMismatch) {
            try decode(replacing(text, hex(Fixtures.receiptHeader), with: hex(header)))
        }
        #expect(throws: BundleError.proofTargetMismatch) {
            try decode(editedJSON(good, in: "merkleProof") { $0["target"] = .string(Fixtures.checkpointHashDisplay) })
        }
        #expect(throws: BundleError.proofTxidMismatch) {
            try decode(editedJSON(good, in: "merkleProof") { $0["txOrId"] = .string(otherTxid) })
        }
        #expect(throws: BundleError.wrongLength(path: "merkleProof.txOrId", expected: 32, actual: Fixtures.rawTx.count)) {
            try decode(editedJSON(good, in: "merkleProof") { $0["txOrId"] = .string(hex(Fixtures.rawTx)) })
        }
    }

    @Test func fieldRejections() throws {
        #expect(throws: BundleError.unknownField(path: "merkleProof.proofType")) {
            try decode(editedJSON(good, in: "merkleProof") { $0["proofType"] = .string("branch") })
        }
        #expect(throws: BundleError.missingField(path: "merkleProof.nodes")) {
            try decode(editedJSON(good, in: "merkleProof") { $0["nodes"] = nil })
        }
        #expect(throws: BundleError.malformedHex(path: "merkleProof.nodes[1]", .invalidCharacter(offset: 3))) {
            try decode(editedJSON(good, in: "merkleProof") {
                $0["nodes"] = .array([.string(Fixtures.receiptNodesDisplay[0]), .string("abcx" + String(repeating: "0", count: 60))])
            })
        }
        #expect(throws: BundleError.wrongLength(path: "merkleProof.nodes[0]", expected: 32, actual: 31)) {
            try decode(editedJSON(good, in: "merkleProof") { $0["nodes"] = .array([.string(String(repeating: "ab", count: 31))]) })
        }
        #expect(throws: BundleError.countOutOfRange(path: "merkleProof.nodes", count: 65, allowed: 0...64)) {
            try decode(editedJSON(good, in: "merkleProof") { $0["nodes"] = .array(Array(repeating: .string("*"), count: 65)) })
        }
        #expect(throws: BundleError.outOfRange(path: "merkleProof.index", allowed: 0...Int64.max)) {
            try decode(editedJSON(good, in: "merkleProof") { $0["index"] = .integer(-1) })
        }
        #expect(throws: BundleError.wrongLength(path: "header", expected: 80, actual: 79)) {
            try decode(editedJSON(good) { $0["header"] = .string(hex(Array(Fixtures.receiptHeader.dropLast()))) })
        }
        #expect(throws: BundleError.emptyValue(path: "rawTx")) { try decode(editedJSON(good) { $0["rawTx"] = .string("") }) }
        #expect(throws: BundleError.malformedHex(path: "rawTx", .oddLength(Fixtures.rawTx.count * 2 - 1))) {
            try decode(editedJSON(good) { $0["rawTx"] = .string(String(hex(Fixtures.rawTx).dropLast())) })
        }
        #expect(throws: BundleError.wrongType(path: "blockHeight", expected: .integer, found: .string)) {
            try decode(editedJSON(good) { $0["blockHeight"] = .string("887001") })
        }
        #expect(throws: BundleError.wrongNetwork(expected: .regtest, found: .main)) { try decode(good, network: .regtest) }
    }

    @Test func acceptsUpperCaseHexAndReordering() throws {
        let upper = editedJSON(good) { members in
            for key in ["txid", "rawTx", "blockHash", "header"] {
                if case .string(let value)? = members[key] { members[key] = .string(value.uppercased()) }
            }
        }
        #expect(upper != good)
        #expect(try decode(upper).encoded() == good)
    }

    @Test func rawTxLimitIsEnforcedByTheBuilder() throws {
        let header = try BlockHeader(bytes: Fixtures.receiptHeader)
        let huge = [UInt8](repeating: 0, count: BundleLimits.maxRawTransactionBytes + 1)
        let proof = try TSCProof(index: 0, txOrId: .txid(Txid(hashing: huge)), target: .blockHash(header.hash), nodes: [])
        #expect(throws: BundleError.overLimit(path: "rawTx", limit: 32 * 1024 * 1024)) {
            try ReceiptBundle(network: .main, rawTx: huge, blockHeight: 1, header: header, merkleProof: proof)
        }
    }
}
