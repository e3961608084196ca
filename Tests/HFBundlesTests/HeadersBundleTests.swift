import HFBundles
import HFCrypto
import HFPrimitives
import Testing

/// Three headers building on the fixture checkpoint.
private let chain = Fixtures.headerChain(count: 3, previous: hex(Fixtures.checkpointHashDisplay).reversed())

/// A bundle of `chain` in `encoding`.
private func bundle(_ encoding: HeaderEncoding = .noPrev48, feeQuote: FeeQuote? = nil) throws -> HeadersBundle {
    try HeadersBundle(
        network: .main, checkpoint: Fixtures.checkpoint, startHeight: 887_001, fullHeaders: chain, encoding: encoding,
        feeQuote: feeQuote)
}

/// Decodes bytes as a main-net headers bundle.
private func decode(_ bytes: [UInt8], network: Network? = .main) throws(BundleError) -> HeadersBundle {
    try HeadersBundle(decoding: bytes, expectedNetwork: network)
}

@Suite struct HeadersBundleTests {
    @Test func canonicalTextIsExactlyAsSpecified() throws {
        let short = chain.map { hex(Array($0[0..<4]) + Array($0[36...])) }
        let expected =
            "{\"checkpoint\":{\"hash\":\"\(Fixtures.checkpointHashDisplay)\",\"height\":887000},"
            + "\"format\":\"hfheaders\",\"headerEncoding\":\"noPrev48\",\"headers\":[\"\(short[0])\",\"\(short[1])\","
            + "\"\(short[2])\"],\"network\":\"main\",\"startHeight\":887001,\"version\":1}"
        #expect(text(try bundle().encoded()) == expected)
        #expect(short[0].count == 96)
    }

    @Test(arguments: HeaderEncoding.allCases)
    func roundTrip(encoding: HeaderEncoding) throws {
        let quote = try FeeQuote(satoshis: 1, bytes: 1000, observedAt: Fixtures.createdAt)
        let original = try bundle(encoding, feeQuote: quote)
        let bytes = original.encoded()
        let decoded = try decode(bytes)
        #expect(decoded == original)
        #expect(decoded.encoded() == bytes)
        #expect(decoded.headers.allSatisfy { $0.count == encoding.byteCount })
        #expect(decoded.endHeight == 887_003)
        #expect(try decoded.fullHeaders(previousHashOfFirst: Fixtures.checkpoint.hash) == chain)
    }

    @Test func noPrev48RebuildsFromAnyAnchor() throws {
        let decoded = try decode(try bundle(.noPrev48).encoded())
        let anchor = try BlockHash(internalBytes: [UInt8](repeating: 9, count: 32))
        let rebuilt = try decoded.fullHeaders(previousHashOfFirst: anchor)
        #expect(Array(rebuilt[0][4..<36]) == anchor.internalBytes)
        #expect(Array(rebuilt[1][4..<36]) == Hash.hash256(rebuilt[0]))
        #expect(rebuilt[2] != chain[2])
        let headers = try decoded.blockHeaders(previousHashOfFirst: Fixtures.checkpoint.hash)
        #expect(headers.map(\.serialized) == chain)
        #expect(headers[1].previousBlockHash == headers[0].hash)
    }

    @Test func full80ChecksTheAnchor() throws {
        let decoded = try decode(try bundle(.full80).encoded())
        let other = try BlockHash(internalBytes: [UInt8](repeating: 9, count: 32))
        #expect(throws: BundleError.anchorMismatch) { try decoded.fullHeaders(previousHashOfFirst: other) }
    }

    @Test func acceptsAnyOrderWhitespaceAndUpperCaseHex() throws {
        let full = chain.map { $0.map { $0 } }
        let input = """
            {
              "version" : 1, "network": "main", "format": "hfheaders",
              "headers": ["\(hex(full[0]).uppercased())", "\(hex(full[1]))", "\(hex(full[2]))"],
              "startHeight": 887001, "headerEncoding": "full80",
              "checkpoint": { "height": 887000, "hash": "\(Fixtures.checkpointHashDisplay.uppercased())" }
            }

            """
        let decoded = try decode(utf8(input))
        #expect(decoded.encoded() == (try bundle(.full80)).encoded())
    }

    @Test func envelopeRejections() throws {
        let good = try bundle().encoded()
        #expect(throws: BundleError.wrongNetwork(expected: .test, found: .main)) { try decode(good, network: .test) }
        #expect(throws: Never.self) { try decode(good, network: nil) }
        #expect(throws: BundleError.unsupportedVersion(JSONNumber(2))) {
            try decode(editedJSON(good) { $0["version"] = .integer(2) })
        }
        #expect(throws: BundleError.wrongType(path: "version", expected: .integer, found: .string)) {
            try decode(editedJSON(good) { $0["version"] = .string("1") })
        }
        #expect(throws: BundleError.unknownFormat("hfblocks")) {
            try decode(editedJSON(good) { $0["format"] = .string("hfblocks") })
        }
        #expect(throws: BundleError.wrongFormat(expected: "hfheaders", found: "hfreceipt")) {
            try decode(editedJSON(good) { $0["format"] = .string("hfreceipt") })
        }
        #expect(throws: BundleError.unknownNetwork("mainnet")) {
            try decode(editedJSON(good) { $0["network"] = .string("mainnet") })
        }
        #expect(throws: BundleError.missingField(path: "format")) { try decode(editedJSON(good) { $0["format"] = nil }) }
        #expect(throws: BundleError.wrongType(path: "", expected: .object, found: .array)) { try decode(utf8("[]")) }
        #expect(throws: BundleError.invalidJSON(.trailingBytes(offset: good.count))) { try decode(good + utf8("x")) }
        #expect(throws: Never.self) { try decode(good + utf8("\n")) }
        #expect(throws: BundleError.invalidJSON(.unexpectedEnd)) { try decode(Array(good.dropLast())) }
    }

    @Test func fieldRejections() throws {
        let good = try bundle().encoded()
        #expect(throws: BundleError.unknownField(path: "extra")) { try decode(editedJSON(good) { $0["extra"] = .null }) }
        #expect(throws: BundleError.unknownField(path: "checkpoint.time")) {
            try decode(editedJSON(good, in: "checkpoint") { $0["time"] = .integer(1) })
        }
        #expect(throws: BundleError.missingField(path: "checkpoint.hash")) {
            try decode(editedJSON(good, in: "checkpoint") { $0["hash"] = nil })
        }
        #expect(throws: BundleError.missingField(path: "headers")) { try decode(editedJSON(good) { $0["headers"] = nil }) }
        #expect(throws: BundleError.wrongType(path: "startHeight", expected: .integer, found: .string)) {
            try decode(editedJSON(good) { $0["startHeight"] = .string("887001") })
        }
        #expect(throws: BundleError.outOfRange(path: "startHeight", allowed: 0...4_294_967_295)) {
            try decode(editedJSON(good) { $0["startHeight"] = .integer(-1) })
        }
        #expect(throws: BundleError.outOfRange(path: "checkpoint.height", allowed: 0...4_294_967_295)) {
            try decode(editedJSON(good, in: "checkpoint") { $0["height"] = .integer(UInt64.max) })
        }
        #expect(throws: BundleError.invalidValue(path: "headerEncoding", allowed: ["full80", "noPrev48"])) {
            try decode(editedJSON(good) { $0["headerEncoding"] = .string("full48") })
        }
        #expect(throws: BundleError.wrongLength(path: "headers[0]", expected: 48, actual: 80)) {
            try decode(editedJSON(good) { $0["headers"] = .array(chain.map { .string(hex($0)) }) })
        }
        #expect(throws: BundleError.malformedHex(path: "headers[1]", .oddLength(95))) {
            try decode(editedJSON(good) { $0["headers"] = .array([.string(hex(chain[0]).prefix(96) + ""), .string(String(repeating: "a", count: 95))]) })
        }
        #expect(throws: BundleError.malformedHex(path: "checkpoint.hash", .invalidCharacter(offset: 0))) {
            try decode(editedJSON(good, in: "checkpoint") { $0["hash"] = .string("z" + Fixtures.checkpointHashDisplay.dropFirst()) })
        }
        #expect(throws: BundleError.wrongType(path: "headers[0]", expected: .string, found: .integer)) {
            try decode(editedJSON(good) { $0["headers"] = .array([.integer(1)]) })
        }
        #expect(throws: BundleError.invalidTimestamp(path: "feeQuote.observedAt", .invalidDate)) {
            try decode(editedJSON(good) {
                $0["feeQuote"] = .object(["satoshis": .integer(1), "bytes": .integer(1000), "observedAt": .string("2026-02-30T00:00:00Z")])
            })
        }
        #expect(throws: BundleError.outOfRange(path: "feeQuote.bytes", allowed: 1...4_294_967_295)) {
            try decode(editedJSON(good) {
                $0["feeQuote"] = .object(["satoshis": .integer(1), "bytes": .integer(0), "observedAt": .string("2026-02-03T00:00:00Z")])
            })
        }
    }

    @Test func countLimits() throws {
        let good = try bundle().encoded()
        #expect(throws: BundleError.countOutOfRange(path: "headers", count: 0, allowed: 1...10_000)) {
            try decode(editedJSON(good) { $0["headers"] = .array([]) })
        }
        let many = [JSONValue](repeating: .string(String(repeating: "00", count: 48)), count: 10_001)
        #expect(throws: BundleError.countOutOfRange(path: "headers", count: 10_001, allowed: 1...10_000)) {
            try decode(editedJSON(good) { $0["headers"] = .array(many) })
        }
        let longChain = Fixtures.headerChain(count: 10_000, previous: [UInt8](repeating: 0, count: 32))
        let maximal = try HeadersBundle(
            network: .main, checkpoint: HeaderCheckpoint(height: 0, hash: try BlockHash(internalBytes: [UInt8](repeating: 0, count: 32))),
            startHeight: 1, fullHeaders: longChain)
        #expect(try decode(maximal.encoded()) == maximal)
        #expect(throws: BundleError.countOutOfRange(path: "headers", count: 10_001, allowed: 1...10_000)) {
            try HeadersBundle(
                network: .main, checkpoint: Fixtures.checkpoint, startHeight: 887_001, fullHeaders: longChain + [chain[0]])
        }
    }

    @Test func linkAndHeightChecks() throws {
        var broken = chain
        broken[2][10] ^= 1
        #expect(throws: BundleError.headersNotLinked(height: 887_003)) {
            try HeadersBundle(network: .main, checkpoint: Fixtures.checkpoint, startHeight: 887_001, fullHeaders: broken)
        }
        let good = try bundle(.full80).encoded()
        #expect(throws: BundleError.headersNotLinked(height: 887_003)) {
            try decode(editedJSON(good) { $0["headers"] = .array(broken.map { .string(hex($0)) }) })
        }
        // Starting right after the checkpoint, the first header must build on it; further up it cannot be checked.
        let elsewhere = Fixtures.headerChain(count: 2, previous: [UInt8](repeating: 7, count: 32))
        #expect(throws: BundleError.checkpointNotLinked) {
            try HeadersBundle(network: .main, checkpoint: Fixtures.checkpoint, startHeight: 887_001, fullHeaders: elsewhere)
        }
        #expect(throws: Never.self) {
            try HeadersBundle(network: .main, checkpoint: Fixtures.checkpoint, startHeight: 887_500, fullHeaders: elsewhere)
        }
        #expect(throws: BundleError.startHeightOutOfRange) {
            try HeadersBundle(network: .main, checkpoint: Fixtures.checkpoint, startHeight: 887_000, fullHeaders: chain)
        }
        #expect(throws: BundleError.startHeightOutOfRange) {
            try decode(editedJSON(good) { $0["startHeight"] = .integer(UInt64(UInt32.max) - 1) })
        }
        #expect(throws: BundleError.wrongLength(path: "headers[1]", expected: 80, actual: 79)) {
            try HeadersBundle(
                network: .main, checkpoint: Fixtures.checkpoint, startHeight: 887_001,
                fullHeaders: [chain[0], Array(chain[1].dropLast())])
        }
    }
    @Test func sourcesRoundTripAndAreOptional() throws {
        let sources = ["junglebus", "whatsonchain"]
        let named = try HeadersBundle(
            network: .main, checkpoint: Fixtures.checkpoint, startHeight: 887_001, fullHeaders: chain, sources: sources)
        let bytes = named.encoded()
        #expect(text(bytes).contains("\"sources\":[\"junglebus\",\"whatsonchain\"],\"startHeight\""))
        let decoded = try decode(bytes)
        #expect(decoded.sources == sources)
        #expect(decoded == named)
        #expect(decoded.encoded() == bytes)
        // Absent stays absent (no member written, nil read), so older bundles and readers keep working.
        let plain = try decode(try bundle().encoded())
        #expect(plain.sources == nil)
        #expect(!text(plain.encoded()).contains("sources"))
        #expect(try decode(editedJSON(bytes) { $0["sources"] = nil }).sources == nil)
    }

    @Test func sourcesRejections() throws {
        let good = try bundle().encoded()
        #expect(throws: BundleError.countOutOfRange(path: "sources", count: 0, allowed: 1...8)) {
            try decode(editedJSON(good) { $0["sources"] = .array([]) })
        }
        #expect(throws: BundleError.wrongType(path: "sources", expected: .array, found: .string)) {
            try decode(editedJSON(good) { $0["sources"] = .string("junglebus") })
        }
        #expect(throws: BundleError.wrongType(path: "sources[1]", expected: .string, found: .integer)) {
            try decode(editedJSON(good) { $0["sources"] = .array([.string("junglebus"), .integer(1)]) })
        }
        #expect(throws: BundleError.duplicateEntry(path: "sources[1]")) {
            try decode(editedJSON(good) { $0["sources"] = .array([.string("woc"), .string("woc")]) })
        }
        #expect(throws: BundleError.emptyValue(path: "sources[0]")) {
            try decode(editedJSON(good) { $0["sources"] = .array([.string("")]) })
        }
        #expect(throws: BundleError.invalidText(path: "sources[0]")) {
            try decode(editedJSON(good) { $0["sources"] = .array([.string("a\nb")]) })
        }
        #expect(throws: BundleError.overLimit(path: "sources[0]", limit: 32)) {
            try decode(editedJSON(good) { $0["sources"] = .array([.string(String(repeating: "a", count: 33))]) })
        }
        #expect(throws: BundleError.duplicateEntry(path: "sources[1]")) {
            try HeadersBundle(
                network: .main, checkpoint: Fixtures.checkpoint, startHeight: 887_001, fullHeaders: chain,
                sources: ["a", "a"])
        }
    }
}
