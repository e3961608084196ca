import HFBundles
import HFCrypto
import HFPrimitives
@testable import HFSignerCore
import HFWallet
import Testing

/// What the signer computes for a carried BRC-100 call, against known answers from bsv-sdk 2.4.0's `ProtoWallet`
/// (root key 11…11, protocol [2, "hf airgap test"], key ID "1"; made by `Tests/Interop/brc100_known_answers.py`
/// and written in here by hand), then round trips and every refusal.
@Suite struct WalletCallComputationTests {
    static let deriver = KeyDeriver(rootKey: try! PrivateKey(rawRepresentation: [UInt8](repeating: 0x11, count: 32)))
    static let other = "02466d7fcae563e5cb09a0d1870bb580344804617879a14949cf22285f1bae3f27"
    static let data = Array("hf-airgap known answer".utf8)

    static func bytes(_ bytes: [UInt8]) -> JSONValue { .bytes(bytes) }

    static func arguments(_ counterparty: String?, _ more: [String: JSONValue] = [:]) -> WalletCallArguments {
        var values: [String: JSONValue] = [
            "protocolID": .array([.integer(2), .string("hf airgap test")]), "keyID": .string("1"),
        ]
        if let counterparty { values["counterparty"] = .string(counterparty) }
        return WalletCallArguments(values: values.merging(more) { _, new in new })
    }

    static func result(_ method: WalletCallMethod, _ arguments: WalletCallArguments) throws -> [String: JSONValue] {
        try WalletCallComputation.result(method, arguments, deriver: deriver)
    }

    static func hex(_ value: JSONValue?) -> String? { value?.byteValues?.hex }

    @Test func publicKeysMatchProtoWallet() throws {
        let cases: [(String?, Bool, String)] = [
            ("self", false, "03d7f7222adcc05de369a689a7beb24cb204c17e5e93940db58f583a9aca69a73d"),
            ("anyone", false, "02af2c564627d6eb951eb8b19d3eee3026c2648a0dc77c8c1de0c3e15873c1f2be"),
            (Self.other, false, "0371a7445aff1140dea0c126f49031b438119c3b5e8b9d5454b91d5aaacf5fe531"),
            ("self", true, "03d7f7222adcc05de369a689a7beb24cb204c17e5e93940db58f583a9aca69a73d"),
            ("anyone", true, "0331bded0660a4e7679ceee086e2c83eb482a9ece04f6ea64b7db39eae1df51777"),
            (Self.other, true, "022c8ec94d75ddb7d23a2a2619dd8c4a756e47eb261a8b799f0ac82f00deca1fae"),
            (nil, false, "03d7f7222adcc05de369a689a7beb24cb204c17e5e93940db58f583a9aca69a73d"),
        ]
        for (counterparty, forSelf, expected) in cases {
            let result = try Self.result(.getPublicKey, Self.arguments(counterparty, ["forSelf": .bool(forSelf)]))
            #expect(result == ["publicKey": .string(expected)], "\(counterparty ?? "default") forSelf \(forSelf)")
        }
        #expect(
            try Self.result(.getPublicKey, WalletCallArguments(values: ["identityKey": .bool(true)]))
                == ["publicKey": .string("034f355bdcb7cc0af728ef3cceb9615d90684bb5b2ca5f859ab0f0b704075871aa")])
    }

    @Test func signaturesAndHmacsMatchProtoWallet() throws {
        let data = ["data": Self.bytes(Self.data)]
        #expect(
            Self.hex(try Self.result(.createSignature, Self.arguments("anyone", data))["signature"])
                == "304402203f00d0bdb8501a6e3f842e514b8c76375ad9468820f5a006b7ef8820ee58fc140220796b3f1b2291c74d95e4108dbb605bd7c9308502119f225fd93babbb08076ac1")
        #expect(
            Self.hex(try Self.result(.createSignature, Self.arguments(nil, data))["signature"])
                == "304402203f00d0bdb8501a6e3f842e514b8c76375ad9468820f5a006b7ef8820ee58fc140220796b3f1b2291c74d95e4108dbb605bd7c9308502119f225fd93babbb08076ac1",
            "createSignature's counterparty defaults to anyone")
        #expect(
            Self.hex(try Self.result(.createSignature, Self.arguments(Self.other, data))["signature"])
                == "304402206719670ae287ce54137448b768014d8514d38747853c7cc6f3d1395f9609d6f502200c9ae9929fcc8405615db2699d31e3f99493eadb8a91a9d34615b31fd49811b8")
        #expect(
            Self.hex(try Self.result(.createHmac, Self.arguments("self", data))["hmac"])
                == "11cd40c00053fbc8c50b47c390b8c239ad9a2061e9e5ce655fbde2a46905d039")
        #expect(
            Self.hex(try Self.result(.createHmac, Self.arguments(Self.other, data))["hmac"])
                == "9f1c1078ed3d23877f8073f9afeca30988e6a4c4ba69e6f01152d27441b69bde")
    }

    @Test func aProtoWalletCiphertextDecryptsAndOurOwnRoundTrips() throws {
        let ciphertext = try Hex.decode(
            "2b732c3f8b07c7ca2065a46318220dfc77a5478b710a1732f26b5838eb1ebd1fcc84a43008fe5172fe20bd3af67d07c7db6153d2c213893c564433c3dfa6af7269a8bc810b69")
        #expect(
            Self.hex(try Self.result(.decrypt, Self.arguments(Self.other, ["ciphertext": Self.bytes(ciphertext)]))["plaintext"])
                == Self.data.hex)
        let sealed = try Self.result(.encrypt, Self.arguments("self", ["plaintext": Self.bytes([1, 2, 3])]))
        let opened = try Self.result(.decrypt, Self.arguments("self", ["ciphertext": try #require(sealed["ciphertext"])]))
        #expect(opened == ["plaintext": Self.bytes([1, 2, 3])])
        // A signature and an HMAC check out, and fail for other data.
        let signature = try #require(try Self.result(.createSignature, Self.arguments("anyone", ["data": Self.bytes([7])]))["signature"])
        #expect(
            try Self.result(
                .verifySignature, Self.arguments("anyone", ["data": Self.bytes([7]), "signature": signature, "forSelf": .bool(true)]))
                == ["valid": .bool(true)])
        #expect(throws: WalletCallRefusal(code: "WERR_INVALID_SIGNATURE", description: "the signature is not valid")) {
            try Self.result(
                .verifySignature, Self.arguments("anyone", ["data": Self.bytes([8]), "signature": signature, "forSelf": .bool(true)]))
        }
        let hmac = try #require(try Self.result(.createHmac, Self.arguments("self", ["data": Self.bytes([7])]))["hmac"])
        #expect(try Self.result(.verifyHmac, Self.arguments("self", ["data": Self.bytes([7]), "hmac": hmac])) == ["valid": .bool(true)])
        #expect(throws: WalletCallRefusal.self) {
            try Self.result(.verifyHmac, Self.arguments("self", ["data": Self.bytes([8]), "hmac": hmac]))
        }
    }

    @Test func everyMalformedArgumentIsRefusedByName() {
        let cases: [(WalletCallMethod, WalletCallArguments, String)] = [
            (.getPublicKey, WalletCallArguments(values: ["keyID": .string("1")]), "protocolID"),
            (.getPublicKey, WalletCallArguments(values: ["protocolID": .array([.integer(3), .string("hf airgap test")]), "keyID": .string("1")]), "protocolID"),
            (.getPublicKey, WalletCallArguments(values: ["protocolID": .array([.integer(2), .string("hf airgap test")])]), "keyID"),
            (.getPublicKey, Self.arguments("nobody"), "counterparty"),
            (.getPublicKey, Self.arguments("02" + String(repeating: "00", count: 32)), "counterparty"),
            (.encrypt, Self.arguments("self"), "plaintext"),
            (.encrypt, Self.arguments("self", ["plaintext": .array([.integer(256)])]), "plaintext"),
            (.encrypt, Self.arguments("self", ["plaintext": .string("text")]), "plaintext"),
            (.decrypt, Self.arguments("self", ["ciphertext": Self.bytes([1, 2, 3])]), "ciphertext"),
            (.createSignature, Self.arguments("self"), "data"),
            (.createSignature, Self.arguments("self", ["hashToDirectlySign": Self.bytes([1])]), "hashToDirectlySign"),
            (.verifySignature, Self.arguments("self", ["data": Self.bytes([1]), "signature": Self.bytes([1])]), "signature"),
            (.getPublicKey, Self.arguments("self", ["forSelf": .string("yes")]), "forSelf"),
        ]
        for (method, arguments, name) in cases {
            do {
                _ = try WalletCallComputation.result(method, arguments, deriver: Self.deriver)
                Issue.record("\(method) with bad \(name) was answered")
            } catch {
                #expect(error.code == "WERR_INVALID_PARAMETER" && error.description.contains(name), "\(error)")
            }
        }
    }

    @Test func whatTheSignerNeverDoesIsRefusedWithNotImplemented() {
        let cases: [(WalletCallMethod, WalletCallArguments)] = [
            (.revealCounterpartyKeyLinkage, Self.arguments(Self.other)),
            (.createAction, WalletCallArguments(values: ["description": .string("pay")])),
            (.encrypt, Self.arguments("self", ["plaintext": Self.bytes([1]), "privileged": .bool(true)])),
        ]
        for (method, arguments) in cases {
            #expect(throws: WalletCallRefusal.self) { try WalletCallComputation.result(method, arguments, deriver: Self.deriver) }
            #expect((try? WalletCallComputation.result(method, arguments, deriver: Self.deriver)) == nil)
            do { _ = try WalletCallComputation.result(method, arguments, deriver: Self.deriver) } catch {
                #expect(error.code == "WERR_NOT_IMPLEMENTED")
            }
        }
    }
}
