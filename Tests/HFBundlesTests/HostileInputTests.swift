import HFBundles
import HFCrypto
import HFPrimitives
import Testing

/// Inputs crafted to break decoders: every bundle kind must refuse them with a specific error, quickly.
@Suite struct HostileInputTests {
    /// One encoded bundle of each JSON kind, with its decoder.
    static func samples() throws -> [([UInt8], ([UInt8]) throws -> Void)] {
        let headers = try HeadersBundle(
            network: .main, checkpoint: Fixtures.checkpoint, startHeight: 887_001,
            fullHeaders: Fixtures.headerChain(count: 2, previous: hex(Fixtures.checkpointHashDisplay).reversed()))
        let pack = try UnsignedAddressPack(
            network: .main, createdAt: Fixtures.createdAt, identityKey: Fixtures.identityKey.publicKey,
            entries: [try AddressPackEntry(address: Fixtures.address(1), scheme: .type42, reference: "1-wallet-0")]
        ).signed(with: Fixtures.identityKey)
        let transaction = try TransactionBundle(
            network: .main, rawTx: Fixtures.rawTx, createdAt: Fixtures.createdAt,
            inputs: [try PreviousOutput(txid: Txid(hashing: [1]), vout: 0, satoshis: .zero, lockingScript: [0x51])])
        return [
            (headers.encoded(), { _ = try HeadersBundle(decoding: $0, expectedNetwork: .main) }),
            (utf8(Fixtures.receiptJSON), { _ = try ReceiptBundle(decoding: $0, expectedNetwork: .main) }),
            (pack.encoded(), { _ = try AddressPackBundle(decoding: $0, expectedNetwork: .main) }),
            (transaction.encoded(), { _ = try TransactionBundle(decoding: $0, expectedNetwork: .main) }),
            (utf8(BackupKAT.plaintext), { _ = try BackupDocument(decoding: SecureBytes($0)) }),
        ]
    }

    @Test func everyTruncationIsRefused() throws {
        for (bytes, decode) in try Self.samples() {
            #expect(throws: Never.self) { try decode(bytes) }
            for length in 0..<bytes.count {
                #expect(throws: BundleError.self) { try decode(Array(bytes[0..<length])) }
            }
        }
    }

    @Test func trailingGarbageDuplicateKeysAndDepthBombs() throws {
        for (bytes, decode) in try Self.samples() {
            #expect(throws: BundleError.invalidJSON(.trailingBytes(offset: bytes.count + 1))) { try decode(bytes + utf8(" 0")) }
            #expect(throws: BundleError.invalidJSON(.duplicateKey("version", offset: bytes.count))) {
                try decode(Array(bytes.dropLast()) + utf8(",\"version\":1}"))
            }
            let bomb = Array(bytes.dropLast()) + utf8(",\"x\":" + String(repeating: "[", count: 50_000))
            #expect(throws: BundleError.invalidJSON(.tooDeep(offset: bytes.count + 35, limit: 32))) { try decode(bomb) }
            #expect(throws: BundleError.invalidJSON(.numberOutOfRange(offset: bytes.count + 4))) {
                try decode(Array(bytes.dropLast()) + utf8(",\"x\":" + String(repeating: "9", count: 400) + "}"))
            }
            #expect(throws: BundleError.invalidJSON(.nonIntegerNumber(offset: bytes.count + 4))) {
                try decode(Array(bytes.dropLast()) + utf8(",\"x\":1e400}"))
            }
        }
    }

    @Test func versionAsHugeOrFloatNumber() throws {
        let bytes = utf8(Fixtures.receiptJSON)
        #expect(throws: BundleError.unsupportedVersion(JSONNumber(UInt64.max))) {
            try ReceiptBundle(decoding: editedJSON(bytes) { $0["version"] = .integer(UInt64.max) }, expectedNetwork: nil)
        }
        let float = replacing(Fixtures.receiptJSON, "\"version\":1", with: "\"version\":1.0")
        #expect(throws: BundleError.invalidJSON(.nonIntegerNumber(offset: float.count - 4))) {
            try ReceiptBundle(decoding: float, expectedNetwork: nil)
        }
    }

    @Test func errorMessagesNameTheFieldAndTheRemedy() {
        #expect(
            BundleError.malformedHex(path: "merkleProof.nodes[3]", .oddLength(63)).description
                == "the field merkleProof.nodes[3] is not hex (an odd number of digits); export the bundle again with a current tool")
        #expect(BundleError.wrongNetwork(expected: .main, found: .test).description.contains("--network test"))
        #expect(BundleError.wrongType(path: "", expected: .object, found: .array).description.contains("(the top level)"))
        #expect(BundleError.countOutOfRange(path: "headers", count: 10_001, allowed: 1...10_000).description.contains("1 to 10000"))
    }
}
