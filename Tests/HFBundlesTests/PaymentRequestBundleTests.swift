import HFBundles
import HFCrypto
import HFPrimitives
import HFProtocols
import Testing

@Suite struct PaymentRequestBundleTests {
    static let script = "76a914f32281faa74e2ac037493f7a3cd317e8f5e9673688ac"

    static func bundle() throws -> PaymentRequestBundle {
        try PaymentRequestBundle(
            network: .main, paymail: PaymailAddress("alice@example.com"), pubkey: Fixtures.identityKey.publicKey,
            outputs: [
                try PaymentRequestOutput(script: hex(script), satoshis: 10_000),
                try PaymentRequestOutput(script: hex("76a914b919d0b2ea7e9d858fa2916409902253789c169788ac"), satoshis: 20_000),
            ],
            reference: "someref", createdAt: Fixtures.createdAt)
    }

    static func decode(_ bytes: [UInt8], network: Network? = .main) throws(BundleError) -> PaymentRequestBundle {
        try PaymentRequestBundle(decoding: bytes, expectedNetwork: network)
    }

    @Test func canonicalTextAndRoundTrip() throws {
        let original = try Self.bundle()
        let key = hex(Fixtures.identityKey.publicKey.compressed)
        let expected =
            "{\"createdAt\":\"2026-11-30T12:00:00Z\",\"format\":\"hfpayreq\",\"network\":\"main\",\"outputs\":["
            + "{\"satoshis\":10000,\"script\":\"\(Self.script)\"},{\"satoshis\":20000,"
            + "\"script\":\"76a914b919d0b2ea7e9d858fa2916409902253789c169788ac\"}],\"paymail\":\"alice@example.com\","
            + "\"pubkey\":\"\(key)\",\"reference\":\"someref\",\"version\":1}"
        #expect(text(original.encoded()) == expected)
        #expect(original.totalSatoshis == 30_000)
        let decoded = try Self.decode(original.encoded())
        #expect(decoded == original)
        #expect(try BundleKind.detect(original.encoded()) == .paymentRequest)
        // Upper-case paymail and hex are read, and written back canonical.
        let shouted = editedJSON(original.encoded()) {
            $0["paymail"] = .string("Alice@EXAMPLE.com")
            $0["pubkey"] = .string(key.uppercased())
        }
        #expect(try Self.decode(shouted).encoded() == original.encoded())
    }

    @Test func rejections() throws {
        let good = try Self.bundle().encoded()
        #expect(throws: BundleError.wrongNetwork(expected: .test, found: .main)) { try Self.decode(good, network: .test) }
        #expect(throws: BundleError.invalidValue(path: "paymail", allowed: ["alias@domain"])) {
            try Self.decode(editedJSON(good) { $0["paymail"] = .string("alice") })
        }
        #expect(throws: BundleError.invalidPublicKey(path: "pubkey")) {
            try Self.decode(editedJSON(good) { $0["pubkey"] = .string("02" + String(repeating: "00", count: 32)) })
        }
        #expect(throws: BundleError.wrongLength(path: "pubkey", expected: 33, actual: 32)) {
            try Self.decode(editedJSON(good) { $0["pubkey"] = .string(String(repeating: "02", count: 32)) })
        }
        #expect(throws: BundleError.countOutOfRange(path: "outputs", count: 0, allowed: 1...100)) {
            try Self.decode(editedJSON(good) { $0["outputs"] = .array([]) })
        }
        func withOutput(_ edit: (inout [String: JSONValue]) -> Void) -> [UInt8] {
            editedJSON(good) { members in
                guard case .array(var outputs)? = members["outputs"], case .object(var first) = outputs[0] else { return }
                edit(&first)
                outputs[0] = .object(first)
                members["outputs"] = .array(outputs)
            }
        }
        #expect(throws: BundleError.outOfRange(path: "outputs[0].satoshis", allowed: 1...2_100_000_000_000_000)) {
            try Self.decode(withOutput { $0["satoshis"] = .integer(0) })
        }
        #expect(throws: BundleError.outOfRange(path: "outputs", allowed: 1...2_100_000_000_000_000)) {
            try Self.decode(withOutput { $0["satoshis"] = .integer(2_100_000_000_000_000) })
        }
        #expect(throws: BundleError.emptyValue(path: "outputs[0].script")) { try Self.decode(withOutput { $0["script"] = .string("") }) }
        #expect(throws: BundleError.malformedHex(path: "outputs[0].script", .oddLength(3))) {
            try Self.decode(withOutput { $0["script"] = .string("abc") })
        }
        #expect(throws: BundleError.unknownField(path: "outputs[0].address")) {
            try Self.decode(withOutput { $0["address"] = .string("1") })
        }
        #expect(throws: BundleError.emptyValue(path: "reference")) { try Self.decode(editedJSON(good) { $0["reference"] = .string("") }) }
        #expect(throws: BundleError.invalidText(path: "reference")) {
            try Self.decode(editedJSON(good) { $0["reference"] = .string("a\nb") })
        }
        #expect(throws: BundleError.overLimit(path: "reference", limit: 256)) {
            try Self.decode(editedJSON(good) { $0["reference"] = .string(String(repeating: "r", count: 257)) })
        }
        #expect(throws: BundleError.missingField(path: "createdAt")) { try Self.decode(editedJSON(good) { $0["createdAt"] = nil }) }
        #expect(throws: BundleError.unknownField(path: "amount")) { try Self.decode(editedJSON(good) { $0["amount"] = .integer(1) }) }
        #expect(throws: BundleError.wrongFormat(expected: "hfpayreq", found: "hftx")) {
            try Self.decode(editedJSON(good) { $0["format"] = .string("hftx") })
        }
        #expect(throws: BundleError.self) { try Self.decode(good + utf8(" x")) }
    }
}

@Suite struct AuthResponseBundleTests {
    static let request = try! AuthRequest(
        challenge: [UInt8](repeating: 9, count: 32), domain: "example.com", callback: "https://example.com/cb")

    static func bundle() -> AuthResponseBundle {
        AuthResponseBundle.approving(request, network: .main, identityKey: Fixtures.identityKey, createdAt: Fixtures.createdAt)
    }

    static func decode(_ bytes: [UInt8]) throws(BundleError) -> AuthResponseBundle {
        try AuthResponseBundle(decoding: bytes, expectedNetwork: .main)
    }

    @Test func signedRoundTrip() throws {
        let original = Self.bundle()
        #expect(original.verifySignature())
        let decoded = try Self.decode(original.encoded())
        #expect(decoded == original)
        try decoded.verify()
        #expect(try BundleKind.detect(original.encoded()) == .authResponse)
        let json = text(original.encoded())
        #expect(json.hasPrefix("{\"callback\":\"https://example.com/cb\",\"challenge\":\"CQkJ"))
        #expect(json.contains("\"domain\":\"example.com\",\"format\":\"hfauth\",\"identityKey\":\"\(hex(Fixtures.identityKey.publicKey.compressed))\""))
        // The signature is over AuthMessage with this request's parts.
        #expect(Fixtures.identityKey.publicKey.isValidSignature(original.signature, forDigest: Self.request.message.digest))
    }

    @Test func rejections() throws {
        let good = Self.bundle().encoded()
        // Another callback or challenge: still well-formed, but the signature no longer verifies.
        let moved = try Self.decode(editedJSON(good) { $0["callback"] = .string("https://example.com/other") })
        #expect(throws: BundleError.signatureInvalid) { try moved.verify() }
        let rechallenged = try Self.decode(editedJSON(good) { $0["challenge"] = .string(Base64URL.encode([UInt8](repeating: 8, count: 32))) })
        #expect(!rechallenged.verifySignature())
        // Structural faults.
        #expect(throws: BundleError.invalidAuthRequest(.domainMismatch)) {
            try Self.decode(editedJSON(good) { $0["callback"] = .string("https://evil.com/cb") })
        }
        #expect(throws: BundleError.invalidAuthRequest(.badCallback)) {
            try Self.decode(editedJSON(good) { $0["callback"] = .string("http://example.com/cb") })
        }
        #expect(throws: BundleError.invalidAuthRequest(.badChallenge)) {
            try Self.decode(editedJSON(good) { $0["challenge"] = .string("AAAA") })
        }
        #expect(throws: BundleError.invalidValue(path: "challenge", allowed: ["unpadded base64url"])) {
            try Self.decode(editedJSON(good) { $0["challenge"] = .string("CQ==") })
        }
        #expect(throws: BundleError.invalidValue(path: "domain", allowed: ["lower case"])) {
            try Self.decode(editedJSON(good) { $0["domain"] = .string("Example.com") })
        }
        #expect(throws: BundleError.invalidSignatureEncoding(path: "signature")) {
            try Self.decode(editedJSON(good) { $0["signature"] = .string("3000") })
        }
        #expect(throws: BundleError.invalidPublicKey(path: "identityKey")) {
            try Self.decode(editedJSON(good) { $0["identityKey"] = .string("04" + String(repeating: "00", count: 32)) })
        }
        #expect(throws: BundleError.unknownField(path: "walletId")) {
            try Self.decode(editedJSON(good) { $0["walletId"] = .string("00") })
        }
        #expect(throws: BundleError.wrongNetwork(expected: .main, found: .test)) {
            try Self.decode(editedJSON(good) { $0["network"] = .string("test") })
        }
    }
}
