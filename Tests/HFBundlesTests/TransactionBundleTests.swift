import HFBundles
import HFCrypto
import HFPrimitives
import Testing

/// A previous output of `vout` worth `satoshis`.
private func output(_ vout: UInt32, _ satoshis: UInt64 = 1234) throws -> PreviousOutput {
    try PreviousOutput(
        txid: Txid(displayHex: Fixtures.txidDisplay), vout: vout, satoshis: Amount(satoshis: satoshis),
        lockingScript: Fixtures.address(1).lockingScript)
}

/// A bundle of the fixture transaction with two inputs.
private func bundle() throws -> TransactionBundle {
    try TransactionBundle(
        network: .main, rawTx: Fixtures.rawTx, createdAt: Fixtures.createdAt, inputs: [try output(0), try output(1, 0)])
}

/// Decodes bytes as a main-net `.hftx`.
private func decode(_ bytes: [UInt8], network: Network? = .main) throws(BundleError) -> TransactionBundle {
    try TransactionBundle(decoding: bytes, expectedNetwork: network)
}

@Suite struct TransactionBundleTests {
    @Test func canonicalTextAndRoundTrip() throws {
        let original = try bundle()
        let script = hex(Fixtures.address(1).lockingScript)
        let expected =
            "{\"createdAt\":\"2026-11-30T12:00:00Z\",\"format\":\"hftx\",\"inputs\":[{\"lockingScript\":\"\(script)\","
            + "\"satoshis\":1234,\"txid\":\"\(Fixtures.txidDisplay)\",\"vout\":0},{\"lockingScript\":\"\(script)\","
            + "\"satoshis\":0,\"txid\":\"\(Fixtures.txidDisplay)\",\"vout\":1}],\"network\":\"main\","
            + "\"rawTx\":\"\(hex(Fixtures.rawTx))\",\"txid\":\"\(Fixtures.txidDisplay)\",\"version\":1}"
        #expect(text(original.encoded()) == expected)
        #expect(original.txid.displayHex == Fixtures.txidDisplay)
        let decoded = try decode(original.encoded())
        #expect(decoded == original)
        #expect(decoded.encoded() == original.encoded())
    }

    @Test func rejections() throws {
        let good = try bundle().encoded()
        #expect(throws: BundleError.txidMismatch) {
            try decode(editedJSON(good) { $0["txid"] = .string(String(repeating: "ab", count: 32)) })
        }
        #expect(throws: BundleError.txidMismatch) {
            try decode(editedJSON(good) { $0["rawTx"] = .string(hex(Fixtures.rawTx + [0])) })
        }
        #expect(throws: BundleError.wrongNetwork(expected: .test, found: .main)) { try decode(good, network: .test) }
        #expect(throws: BundleError.countOutOfRange(path: "inputs", count: 0, allowed: 1...100_000)) {
            try decode(editedJSON(good) { $0["inputs"] = .array([]) })
        }
        #expect(throws: BundleError.duplicateEntry(path: "inputs[1]")) {
            try TransactionBundle(
                network: .main, rawTx: Fixtures.rawTx, createdAt: Fixtures.createdAt, inputs: [try output(0), try output(0, 5)])
        }
        func withInput(_ edit: (inout [String: JSONValue]) -> Void) -> [UInt8] {
            editedJSON(good) { members in
                guard case .array(var inputs)? = members["inputs"], case .object(var first) = inputs[0] else { return }
                edit(&first)
                inputs[0] = .object(first)
                members["inputs"] = .array(inputs)
            }
        }
        #expect(throws: BundleError.outOfRange(path: "inputs[0].satoshis", allowed: 0...2_100_000_000_000_000)) {
            try decode(withInput { $0["satoshis"] = .integer(2_100_000_000_000_001) })
        }
        #expect(throws: BundleError.outOfRange(path: "inputs[0].vout", allowed: 0...4_294_967_295)) {
            try decode(withInput { $0["vout"] = .integer(4_294_967_296) })
        }
        #expect(throws: BundleError.wrongType(path: "inputs[0].vout", expected: .integer, found: .boolean)) {
            try decode(withInput { $0["vout"] = .bool(true) })
        }
        #expect(throws: BundleError.malformedHex(path: "inputs[0].lockingScript", .oddLength(3))) {
            try decode(withInput { $0["lockingScript"] = .string("abc") })
        }
        #expect(throws: BundleError.unknownField(path: "inputs[0].sequence")) {
            try decode(withInput { $0["sequence"] = .integer(0) })
        }
        #expect(throws: BundleError.missingField(path: "inputs[0].txid")) { try decode(withInput { $0["txid"] = nil }) }
        #expect(throws: BundleError.missingField(path: "createdAt")) { try decode(editedJSON(good) { $0["createdAt"] = nil }) }
        #expect(throws: BundleError.invalidTimestamp(path: "createdAt", .invalidTime)) {
            try decode(editedJSON(good) { $0["createdAt"] = .string("2026-11-30T25:00:00Z") })
        }
        #expect(throws: Never.self) { try decode(withInput { $0["lockingScript"] = .string("") }) }
    }

    @Test func sizeLimits() throws {
        let huge = [UInt8](repeating: 1, count: BundleLimits.maxRawTransactionBytes + 1)
        #expect(throws: BundleError.overLimit(path: "rawTx", limit: 33_554_432)) {
            try TransactionBundle(network: .main, rawTx: huge, createdAt: Fixtures.createdAt, inputs: [try output(0)])
        }
        #expect(throws: BundleError.emptyValue(path: "rawTx")) {
            try TransactionBundle(network: .main, rawTx: [], createdAt: Fixtures.createdAt, inputs: [try output(0)])
        }
        let oversizedFile = [UInt8](repeating: 0x20, count: BundleLimits.maxBundleBytes + 1)
        #expect(throws: BundleError.tooLarge(size: 67_108_865, limit: 67_108_864)) { try decode(oversizedFile) }
    }
}
