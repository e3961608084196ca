import HFBundles
import HFCrypto
import HFPrimitives
import Testing

private func address(_ n: UInt8) -> Address { Fixtures.address(n, network: .regtest) }

/// A probe of one preset, `centbee`, receive 1 and 2, change 3.
private func probe() throws -> ProbeBundle {
    try ProbeBundle(
        network: .regtest, createdAt: Fixtures.createdAt,
        presets: [.init(name: "centbee", receive: [address(1), address(2)], change: [address(3)])])
}

private func result(digest: [UInt8] = [UInt8](repeating: 0xab, count: 32)) throws -> ProbeResultBundle {
    try ProbeResultBundle(
        network: .regtest, createdAt: Fixtures.createdAt, probeDigest: digest,
        presets: [.init(name: "centbee", checked: 3, used: [address(2)]), .init(name: "hf-airgap", checked: 40, used: [])])
}

private func decodeProbe(_ bytes: [UInt8], network: Network? = .regtest) throws(BundleError) -> ProbeBundle {
    try ProbeBundle(decoding: bytes, expectedNetwork: network)
}

private func decodeResult(_ bytes: [UInt8], network: Network? = .regtest) throws(BundleError) -> ProbeResultBundle {
    try ProbeResultBundle(decoding: bytes, expectedNetwork: network)
}

/// `.hfprobe` and `.hfproberesult` (issue 32): exact canonical bytes written by hand, round trips, the digest that
/// binds a result to its probe, and every refusal.
@Suite struct ProbeBundleTests {
    @Test func aProbeIsExactlyItsCanonicalBytes() throws {
        let (a1, a2, a3) = (address(1).string, address(2).string, address(3).string)
        let expected = #"{"createdAt":"2026-11-30T12:00:00Z","format":"hfprobe","network":"regtest","presets":"#
            + #"[{"change":[""# + a3 + #""],"name":"centbee","receive":[""# + a1 + #"",""# + a2 + #""]}],"version":1}"#
        let bundle = try probe()
        #expect(text(bundle.encoded()) == expected)
        #expect(bundle.digest == Hash.sha256(utf8(expected)))
        #expect(try BundleKind.detect(utf8(expected)) == .probe)
        let decoded = try decodeProbe(utf8(expected))
        #expect(decoded == bundle)
        #expect(decoded.encoded() == utf8(expected))
        #expect(decoded.presets[0].addresses == [address(1), address(2), address(3)])
    }

    @Test func aResultIsExactlyItsCanonicalBytes() throws {
        let digest = String(repeating: "ab", count: 32)
        let expected = #"{"createdAt":"2026-11-30T12:00:00Z","format":"hfproberesult","network":"regtest","presets":"#
            + #"[{"checked":3,"name":"centbee","used":[""# + address(2).string + #""]},"#
            + #"{"checked":40,"name":"hf-airgap","used":[]}],"probe":""# + digest + #"","version":1}"#
        let bundle = try result()
        #expect(text(bundle.encoded()) == expected)
        #expect(try BundleKind.detect(utf8(expected)) == .probeResult)
        let decoded = try decodeResult(utf8(expected))
        #expect(decoded == bundle)
        #expect(decoded.encoded() == utf8(expected))
        #expect(decoded.probeDigest == [UInt8](repeating: 0xab, count: 32))
    }

    @Test func aTestnetAddressIsTakenAsTheProbesNetwork() throws {
        let bytes = try probe().encoded()
        let testnet = Fixtures.address(1, network: .test).string
        #expect(testnet == address(1).string, "regtest and testnet share the version byte")
        #expect(try decodeProbe(bytes).network == .regtest)
    }

    @Test func theProbesEnvelopeIsChecked() throws {
        let bytes = try probe().encoded()
        #expect(throws: BundleError.wrongNetwork(expected: .main, found: .regtest)) { try decodeProbe(bytes, network: .main) }
        #expect(throws: BundleError.wrongFormat(expected: "hfprobe", found: "hfproberesult")) {
            try decodeProbe(try result().encoded())
        }
        #expect(throws: BundleError.wrongFormat(expected: "hfproberesult", found: "hfprobe")) { try decodeResult(bytes) }
        #expect(throws: BundleError.unsupportedVersion(JSONNumber(2))) {
            try decodeProbe(editedJSON(bytes) { $0["version"] = .integer(2) })
        }
        #expect(throws: BundleError.unknownNetwork("moon")) {
            try decodeProbe(editedJSON(bytes) { $0["network"] = .string("moon") })
        }
        #expect(throws: BundleError.unknownField(path: "mnemonic")) {
            try decodeProbe(editedJSON(bytes) { $0["mnemonic"] = .string("legal winner") })
        }
        #expect(throws: BundleError.missingField(path: "createdAt")) {
            try decodeProbe(editedJSON(bytes) { $0["createdAt"] = nil })
        }
        #expect(throws: BundleError.missingField(path: "presets")) {
            try decodeProbe(editedJSON(bytes) { $0["presets"] = nil })
        }
        #expect(throws: (any Error).self) { try decodeProbe(utf8("{\"format\":\"hfprobe\"")) }
        #expect(throws: BundleError.unrecognizedContent) { try BundleKind.detect(utf8("hfprobe")) }
    }

    /// A probe whose only preset object is replaced by `preset`.
    private func withPreset(_ preset: [String: JSONValue]) throws -> [UInt8] {
        try editedJSON(probe().encoded()) { $0["presets"] = .array([.object(preset)]) }
    }

    private func strings(_ numbers: ClosedRange<Int>) -> JSONValue {
        .array(numbers.map { .string(try! Address(hash160: Hash.hash160([UInt8(truncatingIfNeeded: $0), UInt8($0 >> 8)]), network: .regtest).string) })
    }

    @Test func everyFaultOfAProbesPresetsIsRefused() throws {
        let good: [String: JSONValue] = [
            "name": .string("centbee"), "receive": .array([.string(address(1).string)]),
            "change": .array([.string(address(2).string)]),
        ]
        #expect(throws: Never.self) { try decodeProbe(try withPreset(good)) }
        var preset = good
        preset["name"] = .string("Centbee")
        #expect(throws: BundleError.invalidText(path: "presets[0].name")) { try decodeProbe(try withPreset(preset)) }
        preset["name"] = .string("")
        #expect(throws: BundleError.emptyValue(path: "presets[0].name")) { try decodeProbe(try withPreset(preset)) }
        preset["name"] = .string(String(repeating: "a", count: 33))
        #expect(throws: BundleError.overLimit(path: "presets[0].name", limit: 32)) { try decodeProbe(try withPreset(preset)) }
        preset = good
        preset["receive"] = .array([])
        #expect(throws: BundleError.countOutOfRange(path: "presets[0].receive", count: 0, allowed: 1...100)) {
            try decodeProbe(try withPreset(preset))
        }
        preset["receive"] = strings(1...101)
        #expect(throws: BundleError.countOutOfRange(path: "presets[0].receive", count: 101, allowed: 1...100)) {
            try decodeProbe(try withPreset(preset))
        }
        preset = good
        preset["change"] = .array([.string(address(1).string)])
        #expect(throws: BundleError.duplicateEntry(path: "presets[0].change[0]")) { try decodeProbe(try withPreset(preset)) }
        preset["change"] = .array([.string(Fixtures.address(2, network: .main).string)])
        #expect(throws: (any Error).self) { try decodeProbe(try withPreset(preset)) }
        preset["change"] = .array([.string("not an address")])
        #expect(throws: (any Error).self) { try decodeProbe(try withPreset(preset)) }
        preset["change"] = .string(address(2).string)
        #expect(throws: BundleError.wrongType(path: "presets[0].change", expected: .array, found: .string)) {
            try decodeProbe(try withPreset(preset))
        }
        preset = good
        preset["key"] = .string("xprv")
        #expect(throws: BundleError.unknownField(path: "presets[0].key")) { try decodeProbe(try withPreset(preset)) }
        preset = good
        preset["receive"] = nil
        #expect(throws: BundleError.missingField(path: "presets[0].receive")) { try decodeProbe(try withPreset(preset)) }

        let bytes = try probe().encoded()
        #expect(throws: BundleError.countOutOfRange(path: "presets", count: 0, allowed: 1...32)) {
            try decodeProbe(editedJSON(bytes) { $0["presets"] = .array([]) })
        }
        #expect(throws: BundleError.countOutOfRange(path: "presets", count: 33, allowed: 1...32)) {
            try decodeProbe(editedJSON(bytes) { $0["presets"] = .array(Array(repeating: .object(good), count: 33)) })
        }
        #expect(throws: BundleError.duplicateEntry(path: "presets[1].name")) {
            try decodeProbe(editedJSON(bytes) { $0["presets"] = .array([.object(good), .object(good)]) })
        }
        var other = good
        other["name"] = .string("yours")
        #expect(throws: Never.self) {
            try decodeProbe(editedJSON(bytes) { $0["presets"] = .array([.object(good), .object(other)]) })
        }
        #expect(throws: (any Error).self) {
            try ProbeBundle(
                network: .regtest, createdAt: Fixtures.createdAt,
                presets: [.init(name: "x", receive: [Fixtures.address(1, network: .main)], change: [address(2)])])
        }
    }

    @Test func everyFaultOfAResultIsRefused() throws {
        let bytes = try result().encoded()
        #expect(throws: BundleError.wrongLength(path: "probe", expected: 32, actual: 31)) {
            try decodeResult(editedJSON(bytes) { $0["probe"] = .string(String(repeating: "ab", count: 31)) })
        }
        #expect(throws: (any Error).self) {
            try decodeResult(editedJSON(bytes) { $0["probe"] = .string(String(repeating: "zz", count: 32)) })
        }
        #expect(throws: BundleError.missingField(path: "probe")) { try decodeResult(editedJSON(bytes) { $0["probe"] = nil }) }
        #expect(throws: BundleError.unknownField(path: "extra")) {
            try decodeResult(editedJSON(bytes) { $0["extra"] = .integer(1) })
        }
        #expect(throws: BundleError.wrongNetwork(expected: .main, found: .regtest)) { try decodeResult(bytes, network: .main) }
        func preset(_ checked: Int64, _ used: [Address], name: String = "centbee") -> JSONValue {
            .object(["name": .string(name), "checked": .integer(checked), "used": .array(used.map { .string($0.string) })])
        }
        func decoded(_ presets: [JSONValue]) throws(BundleError) -> ProbeResultBundle {
            try decodeResult(editedJSON(bytes) { $0["presets"] = .array(presets) })
        }
        #expect(throws: Never.self) { try decoded([preset(200, [address(1)])]) }
        #expect(throws: BundleError.outOfRange(path: "presets[0].checked", allowed: 1...200)) { try decoded([preset(0, [])]) }
        #expect(throws: BundleError.outOfRange(path: "presets[0].checked", allowed: 1...200)) { try decoded([preset(201, [])]) }
        #expect(throws: BundleError.countOutOfRange(path: "presets[0].used", count: 2, allowed: 0...1)) {
            try decoded([preset(1, [address(1), address(2)])])
        }
        #expect(throws: BundleError.duplicateEntry(path: "presets[0].used[1]")) {
            try decoded([preset(5, [address(1), address(1)])])
        }
        #expect(throws: BundleError.duplicateEntry(path: "presets[1].name")) {
            try decoded([preset(5, []), preset(5, [])])
        }
        #expect(throws: BundleError.invalidText(path: "presets[0].name")) { try decoded([preset(5, [], name: "a b")]) }
        #expect(throws: BundleError.countOutOfRange(path: "presets", count: 0, allowed: 1...32)) { try decoded([]) }
        #expect(throws: (any Error).self) { try decoded([preset(5, [Fixtures.address(1, network: .main)])]) }
        #expect(throws: BundleError.wrongType(path: "presets[0].checked", expected: .integer, found: .string)) {
            try decoded([.object(["name": .string("a"), "checked": .string("3"), "used": .array([])])])
        }
        #expect(throws: BundleError.missingField(path: "presets[0].used")) {
            try decoded([.object(["name": .string("a"), "checked": .integer(3)])])
        }
        #expect(throws: BundleError.wrongLength(path: "probe", expected: 32, actual: 0)) { try result(digest: []) }
    }

    @Test func aResultNamesItsProbeByTheDigestOfItsBytes() throws {
        let made = try probe()
        let answer = try result(digest: made.digest)
        #expect(answer.probeDigest == Hash.sha256(made.encoded()))
        let later = try ProbeBundle(
            network: .regtest, createdAt: try RFC3339Timestamp("2026-11-30T12:00:01Z"), presets: made.presets)
        #expect(later.digest != made.digest, "another probe of the same addresses is another probe")
    }
}
