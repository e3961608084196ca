import HFBundles
import HFCrypto
import HFPrimitives
import Testing

/// A `createSignature` call for the fixture wallet on `network`.
private func call(
    network: Network = .regtest, method: WalletCallMethod = .createSignature,
    arguments: [String: JSONValue]? = nil
) throws -> WalletCallBundle {
    try WalletCallBundle(
        network: network, callID: Array(0x00...0x0f), createdAt: Fixtures.createdAt, originator: "app.example.com",
        identityKey: Fixtures.identityKey.publicKey, method: method,
        arguments: arguments ?? [
            "protocolID": .array([.integer(2), .string("hello world")]), "keyID": .string("1"),
            "data": .array([.integer(1), .integer(2), .integer(3)]),
        ])
}

private func answer(
    _ call: WalletCallBundle, outcome: WalletAnswerBundle.Outcome = .result(["signature": .array([.integer(48)])]),
    signer: PrivateKey = Fixtures.identityKey
) throws -> WalletAnswerBundle {
    try WalletAnswerBundle(answering: call, createdAt: Fixtures.createdAt, outcome: outcome, signingWith: signer)
}

private func decodeCall(_ bytes: [UInt8], network: Network? = .regtest) throws(BundleError) -> WalletCallBundle {
    try WalletCallBundle(decoding: bytes, expectedNetwork: network)
}

private func decodeAnswer(_ bytes: [UInt8], network: Network? = .regtest) throws(BundleError) -> WalletAnswerBundle {
    try WalletAnswerBundle(decoding: bytes, expectedNetwork: network)
}

@Suite struct WalletCallBundleTests {
    @Test func callEncodesExactlyAsSpecified() throws {
        let bundle = try call()
        let identity = Fixtures.identityKey.publicKey.compressed
        let walletID = Hash.sha256(utf8("hf-wallet-id/v1") + [0] + utf8("regtest") + [0] + identity)
        let expected = "{\"arguments\":{\"data\":[1,2,3],\"keyID\":\"1\",\"protocolID\":[2,\"hello world\"]},"
            + "\"callId\":\"000102030405060708090a0b0c0d0e0f\",\"createdAt\":\"2026-11-30T12:00:00Z\","
            + "\"format\":\"hfcall\",\"identityKey\":\"\(hex(identity))\",\"method\":\"createSignature\","
            + "\"network\":\"regtest\",\"originator\":\"app.example.com\",\"version\":1,"
            + "\"walletId\":\"\(hex(walletID))\"}"
        #expect(text(bundle.encoded()) == expected)
        #expect(bundle.digest == Hash.sha256(utf8(expected)))
        #expect(bundle.callIDHex == "000102030405060708090a0b0c0d0e0f")
        #expect(try BundleKind.detect(bundle.encoded()) == .walletCall)
        let decoded = try decodeCall(bundle.encoded())
        #expect(decoded == bundle)
        #expect(decoded.encoded() == bundle.encoded())
    }

    @Test func callFaultsAreRefused() throws {
        let bytes = try call().encoded()
        let otherWallet = editedJSON(bytes) { $0["walletId"] = .string(String(repeating: "00", count: 32)) }
        #expect(throws: BundleError.walletIDMismatch) { try decodeCall(otherWallet) }
        let unknownMethod = editedJSON(bytes) { $0["method"] = .string("signAction") }
        #expect(throws: BundleError.invalidValue(path: "method", allowed: WalletCallMethod.allCases.map(\.rawValue))) {
            try decodeCall(unknownMethod)
        }
        let shortID = editedJSON(bytes) { $0["callId"] = .string("0001") }
        #expect(throws: BundleError.wrongLength(path: "callId", expected: 16, actual: 2)) { try decodeCall(shortID) }
        let control = editedJSON(bytes) { $0["originator"] = .string("app\u{1b}[2J.example") }
        #expect(throws: BundleError.invalidText(path: "originator")) { try decodeCall(control) }
        let unicode = editedJSON(bytes) { $0["originator"] = .string("аpp.example.com") }
        #expect(throws: BundleError.invalidText(path: "originator")) { try decodeCall(unicode) }
        let empty = editedJSON(bytes) { $0["originator"] = .string("") }
        #expect(throws: BundleError.emptyValue(path: "originator")) { try decodeCall(empty) }
        let long = editedJSON(bytes) { $0["originator"] = .string(String(repeating: "a", count: 254)) }
        #expect(throws: BundleError.overLimit(path: "originator", limit: 253)) { try decodeCall(long) }
        let notObject = editedJSON(bytes) { $0["arguments"] = .array([]) }
        #expect(throws: BundleError.wrongType(path: "arguments", expected: .object, found: .array)) {
            try decodeCall(notObject)
        }
        let extra = editedJSON(bytes) { $0["answer"] = .string("x") }
        #expect(throws: BundleError.unknownField(path: "answer")) { try decodeCall(extra) }
        #expect(throws: BundleError.wrongNetwork(expected: .main, found: .regtest)) { try decodeCall(bytes, network: .main) }
        let big = [UInt8](repeating: 0x20, count: BundleLimits.maxWalletCallBytes + 1)
        #expect(throws: BundleError.tooLarge(size: big.count, limit: BundleLimits.maxWalletCallBytes)) {
            try decodeCall(big)
        }
        #expect(throws: BundleError.wrongLength(path: "callId", expected: 16, actual: 15)) {
            try WalletCallBundle(network: .regtest, callID: Array(0..<15), createdAt: Fixtures.createdAt,
                                 originator: "a", identityKey: Fixtures.identityKey.publicKey, method: .encrypt,
                                 arguments: [:])
        }
    }

    @Test func answerRoundTripsAndVerifiesAgainstItsCall() throws {
        let theCall = try call()
        for outcome: WalletAnswerBundle.Outcome in [
            .result(["signature": .array([.integer(48), .integer(69)])]),
            .refused(code: "ERR_USER_REFUSED", description: "the user refused the call"),
        ] {
            let bundle = try answer(theCall, outcome: outcome)
            let bytes = bundle.encoded()
            #expect(try BundleKind.detect(bytes) == .walletAnswer)
            let decoded = try decodeAnswer(bytes)
            #expect(decoded == bundle)
            #expect(decoded.encoded() == bytes)
            #expect(decoded.callDigest == theCall.digest)
            #expect(throws: Never.self) { try decoded.verify(answers: theCall) }
        }
    }

    @Test func answerDigestIsExactlyAsSpecified() throws {
        let bundle = try answer(try call())
        guard case .object(var members) = try JSONParser.parse(bundle.encoded()) else {
            Issue.record("not an object")
            return
        }
        members["signature"] = nil
        let preimage = utf8("HFANSWER") + [1] + JSONValue.object(members).canonicalBytes
        #expect(bundle.digest == Hash.sha256(preimage))
        #expect(Fixtures.identityKey.publicKey.isValidSignature(bundle.signature, forDigest: Hash.sha256(preimage)))
    }

    @Test func anAnswerForAnotherCallOrWalletIsRefused() throws {
        let theCall = try call()
        let good = try answer(theCall)
        let otherID = try WalletCallBundle(
            network: .regtest, callID: Array(0x10...0x1f), createdAt: Fixtures.createdAt,
            originator: theCall.originator, identityKey: theCall.identityKey, method: theCall.method,
            arguments: theCall.arguments)
        #expect(throws: BundleError.answerMismatch) { try good.verify(answers: otherID) }
        let otherArguments = try call(arguments: ["data": .array([.integer(9)])])
        #expect(throws: BundleError.answerMismatch) { try good.verify(answers: otherArguments) }
        let otherMethod = try call(method: .createHmac)
        #expect(throws: BundleError.answerMismatch) { try good.verify(answers: otherMethod) }
        let stranger = try PrivateKey(rawRepresentation: [UInt8](repeating: 0x22, count: 32))
        #expect(throws: BundleError.identityKeyMismatch) { try answer(theCall, signer: stranger) }
        let strangersCall = try WalletCallBundle(
            network: .regtest, callID: theCall.callID, createdAt: Fixtures.createdAt, originator: "app.example.com",
            identityKey: stranger.publicKey, method: .createSignature, arguments: theCall.arguments)
        let strangersAnswer = try answer(strangersCall, signer: stranger)
        #expect(throws: BundleError.identityKeyMismatch) { try strangersAnswer.verify(answers: theCall) }
    }

    @Test func aTamperedAnswerFailsItsSignature() throws {
        let theCall = try call()
        let bytes = try answer(theCall).encoded()
        let changed = editedJSON(bytes) { $0["result"] = .object(["signature": .array([.integer(49)])]) }
        #expect(throws: BundleError.signatureInvalid) { try decodeAnswer(changed).verify(answers: theCall) }
        let refusedInstead = editedJSON(bytes) {
            $0["result"] = nil
            $0["refused"] = .object(["code": .string("ERR"), "description": .string("no")])
        }
        #expect(throws: BundleError.signatureInvalid) { try decodeAnswer(refusedInstead).verify(answers: theCall) }
    }

    @Test func answerFaultsAreRefused() throws {
        let theCall = try call()
        let bytes = try answer(theCall).encoded()
        let both = editedJSON(bytes) { $0["refused"] = .object(["code": .string("E"), "description": .string("d")]) }
        #expect(throws: BundleError.unknownField(path: "refused")) { try decodeAnswer(both) }
        let neither = editedJSON(bytes) { $0["result"] = nil }
        #expect(throws: BundleError.missingField(path: "result")) { try decodeAnswer(neither) }
        let notObject = editedJSON(bytes) { $0["result"] = .string("x") }
        #expect(throws: BundleError.wrongType(path: "result", expected: .object, found: .string)) {
            try decodeAnswer(notObject)
        }
        let otherWallet = editedJSON(bytes) { $0["walletId"] = .string(String(repeating: "00", count: 32)) }
        #expect(throws: BundleError.walletIDMismatch) { try decodeAnswer(otherWallet) }
        let shortDigest = editedJSON(bytes) { $0["callDigest"] = .string("00") }
        #expect(throws: BundleError.wrongLength(path: "callDigest", expected: 32, actual: 1)) {
            try decodeAnswer(shortDigest)
        }
        #expect(throws: BundleError.wrongNetwork(expected: .main, found: .regtest)) {
            try decodeAnswer(bytes, network: .main)
        }
        let refusal = try answer(theCall, outcome: .refused(code: "ERR", description: "no")).encoded()
        let spaceInCode = editedJSON(refusal, in: "refused") { $0["code"] = .string("ERR X") }
        #expect(throws: BundleError.invalidText(path: "refused.code")) { try decodeAnswer(spaceInCode) }
        let newline = editedJSON(refusal, in: "refused") { $0["description"] = .string("a\nb") }
        #expect(throws: BundleError.invalidText(path: "refused.description")) { try decodeAnswer(newline) }
        let extraMember = editedJSON(refusal, in: "refused") { $0["stack"] = .string("x") }
        #expect(throws: BundleError.unknownField(path: "refused.stack")) { try decodeAnswer(extraMember) }
        #expect(throws: BundleError.emptyValue(path: "refused.code")) {
            try answer(theCall, outcome: .refused(code: "", description: "d"))
        }
        #expect(throws: BundleError.overLimit(path: "refused.description", limit: 1024)) {
            try answer(theCall, outcome: .refused(code: "E", description: String(repeating: "d", count: 1025)))
        }
    }
}
