import HFBundles
import HFCrypto
import HFPrimitives
import Testing

/// A signed two-entry pack on `network`.
private func pack(network: Network = .main, entries: [AddressPackEntry]? = nil) throws -> AddressPackBundle {
    let list = try entries ?? [
        AddressPackEntry(address: Fixtures.address(1, network: network), scheme: .type42, reference: "1-wallet-0"),
        AddressPackEntry(address: Fixtures.address(2, network: network), scheme: .bip44, reference: "m/44'/236'/0'/0/0"),
    ]
    let unsigned = try UnsignedAddressPack(
        network: network, packID: Array(0..<16), createdAt: Fixtures.createdAt,
        identityKey: Fixtures.identityKey.publicKey, entries: list)
    return try unsigned.signed(with: Fixtures.identityKey)
}

/// Decodes bytes as a main-net pack.
private func decode(_ bytes: [UInt8], network: Network? = .main) throws(BundleError) -> AddressPackBundle {
    try AddressPackBundle(decoding: bytes, expectedNetwork: network)
}

/// The secp256k1 group order n, big-endian.
private let order = hex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")

@Suite struct AddressPackBundleTests {
    @Test func preimageIsExactlyAsSpecified() throws {
        let bundle = try pack()
        let identity = Fixtures.identityKey.publicKey.compressed
        let walletID = Hash.sha256(utf8("hf-wallet-id/v1") + [0] + utf8("main") + [0] + identity)
        let a1 = Fixtures.address(1).string
        let a2 = Fixtures.address(2).string
        var expected = utf8("HFADDRPACK") + [1, 4] + utf8("main") + Array(0..<16)
        expected += [20] + utf8("2026-11-30T12:00:00Z") + walletID + identity + [2]
        expected += [UInt8(a1.utf8.count)] + utf8(a1) + [6] + utf8("type42") + [10] + utf8("1-wallet-0")
        expected += [UInt8(a2.utf8.count)] + utf8(a2) + [5] + utf8("bip44") + [17] + utf8("m/44'/236'/0'/0/0")
        #expect(bundle.contents.preimage == expected)
        #expect(bundle.walletID == walletID)
        #expect(bundle.contents.digest == Hash.sha256(expected))
        #expect(Fixtures.identityKey.publicKey.isValidSignature(bundle.signature, forDigest: Hash.sha256(expected)))
        #expect(bundle.verifySignature())
        #expect(throws: Never.self) { try bundle.verify() }
    }

    @Test func canonicalTextAndRoundTrip() throws {
        let bundle = try pack()
        let bytes = bundle.encoded()
        let expected =
            "{\"createdAt\":\"2026-11-30T12:00:00Z\",\"entries\":[{\"address\":\"\(Fixtures.address(1).string)\","
            + "\"reference\":\"1-wallet-0\",\"scheme\":\"type42\"},{\"address\":\"\(Fixtures.address(2).string)\","
            + "\"reference\":\"m/44'/236'/0'/0/0\",\"scheme\":\"bip44\"}],\"format\":\"hfaddrpack\","
            + "\"identityKey\":\"\(hex(Fixtures.identityKey.publicKey.compressed))\",\"network\":\"main\","
            + "\"packId\":\"000102030405060708090a0b0c0d0e0f\",\"signature\":\"\(hex(bundle.signature.derRepresentation))\","
            + "\"version\":1,\"walletId\":\"\(hex(bundle.walletID))\"}"
        #expect(text(bytes) == expected)
        let decoded = try decode(bytes)
        #expect(decoded == bundle)
        #expect(decoded.encoded() == bytes)
        #expect(decoded.verifySignature())
    }

    @Test func regtestPackTakesTestAddresses() throws {
        let bundle = try pack(network: .regtest, entries: [
            try AddressPackEntry(address: Fixtures.address(3, network: .test), scheme: .type42, reference: "0-change-1")
        ])
        #expect(bundle.entries[0].address.network == .regtest)
        let decoded = try decode(bundle.encoded(), network: .regtest)
        #expect(decoded == bundle)
        #expect(throws: BundleError.wrongNetwork(expected: .test, found: .regtest)) {
            try decode(bundle.encoded(), network: .test)
        }
    }

    @Test func signatureOverAModifiedEntryFails() throws {
        let bytes = try pack().encoded()
        let tampered = editedJSON(bytes) { members in
            guard case .array(var entries)? = members["entries"], case .object(var first) = entries[0] else { return }
            first["reference"] = .string("1-wallet-1")
            entries[0] = .object(first)
            members["entries"] = .array(entries)
        }
        let decoded = try decode(tampered)
        #expect(!decoded.verifySignature())
        #expect(throws: BundleError.signatureInvalid) { try decoded.verify() }
        let swapped = editedJSON(bytes) { $0["createdAt"] = .string("2026-11-30T12:00:01Z") }
        #expect(try !decode(swapped).verifySignature())
        let otherID = editedJSON(bytes) { $0["packId"] = .string(String(repeating: "ff", count: 16)) }
        #expect(try !decode(otherID).verifySignature())
    }

    @Test func highSAndMalformedSignaturesAreRejected() throws {
        let bundle = try pack()
        let compact = bundle.signature.compact
        var highS = [UInt8](repeating: 0, count: 32)
        var borrow = 0
        for index in stride(from: 31, through: 0, by: -1) {
            var digit = Int(order[index]) - Int(compact[32 + index]) - borrow
            borrow = digit < 0 ? 1 : 0
            if digit < 0 { digit += 256 }
            highS[index] = UInt8(digit)
        }
        let flipped = try ECDSASignature(compactRepresentation: Array(compact[0..<32]) + highS)
        #expect(!flipped.isLowS)
        let highSBytes = editedJSON(bundle.encoded()) { $0["signature"] = .string(hex(flipped.derRepresentation)) }
        #expect(throws: BundleError.highSSignature(path: "signature")) { try decode(highSBytes) }
        #expect(throws: BundleError.highSSignature(path: "signature")) {
            try AddressPackBundle(contents: bundle.contents, signature: flipped)
        }
        var der = bundle.signature.derRepresentation
        der[1] &+= 1
        #expect(throws: BundleError.invalidSignatureEncoding(path: "signature")) {
            try decode(editedJSON(bundle.encoded()) { $0["signature"] = .string(hex(der)) })
        }
        #expect(throws: BundleError.overLimit(path: "signature", limit: 72)) {
            try decode(editedJSON(bundle.encoded()) { $0["signature"] = .string(String(repeating: "30", count: 73)) })
        }
    }

    @Test func signingNeedsTheIdentityKey() throws {
        let unsigned = try UnsignedAddressPack(
            network: .main, createdAt: Fixtures.createdAt, identityKey: Fixtures.identityKey.publicKey,
            entries: [try AddressPackEntry(address: Fixtures.address(1), scheme: .type42, reference: "1-wallet-0")])
        #expect(unsigned.packID.count == 16)
        let other = try PrivateKey(rawRepresentation: [UInt8](repeating: 0x22, count: 32))
        #expect(throws: BundleError.identityKeyMismatch) { try unsigned.signed(with: other) }
        #expect(try unsigned.signed(with: Fixtures.identityKey).verifySignature())
    }

    @Test func fieldRejections() throws {
        let good = try pack().encoded()
        #expect(throws: BundleError.walletIDMismatch) {
            try decode(editedJSON(good) { $0["walletId"] = .string(String(repeating: "00", count: 32)) })
        }
        #expect(throws: BundleError.wrongLength(path: "packId", expected: 16, actual: 15)) {
            try decode(editedJSON(good) { $0["packId"] = .string(String(repeating: "00", count: 15)) })
        }
        #expect(throws: BundleError.invalidPublicKey(path: "identityKey")) {
            try decode(editedJSON(good) { $0["identityKey"] = .string("02" + String(repeating: "ff", count: 32)) })
        }
        #expect(throws: BundleError.wrongLength(path: "identityKey", expected: 33, actual: 65)) {
            try decode(editedJSON(good) { $0["identityKey"] = .string(hex(Fixtures.identityKey.publicKey.uncompressed)) })
        }
        #expect(throws: BundleError.invalidTimestamp(path: "createdAt", .invalidSyntax)) {
            try decode(editedJSON(good) { $0["createdAt"] = .string("yesterday") })
        }
        #expect(throws: BundleError.countOutOfRange(path: "entries", count: 0, allowed: 1...10_000)) {
            try decode(editedJSON(good) { $0["entries"] = .array([]) })
        }
        let entry = JSONValue.object([
            "address": .string(Fixtures.address(1).string), "scheme": .string("type42"), "reference": .string("x"),
        ])
        #expect(throws: BundleError.countOutOfRange(path: "entries", count: 10_001, allowed: 1...10_000)) {
            try decode(editedJSON(good) { $0["entries"] = .array(Array(repeating: entry, count: 10_001)) })
        }
        #expect(throws: BundleError.duplicateEntry(path: "entries[1].address")) {
            try decode(editedJSON(good) { $0["entries"] = .array([entry, entry]) })
        }
        func withEntry(_ edit: (inout [String: JSONValue]) -> Void) -> [UInt8] {
            guard case .object(var members) = entry else { fatalError() }
            edit(&members)
            return editedJSON(good) { $0["entries"] = .array([.object(members)]) }
        }
        #expect(throws: BundleError.invalidValue(path: "entries[0].scheme", allowed: ["type42", "bip44"])) {
            try decode(withEntry { $0["scheme"] = .string("bip32") })
        }
        #expect(throws: BundleError.invalidAddress(path: "entries[0].address", .wrongNetwork(expected: .main, versionByte: 0x6f))) {
            try decode(withEntry { $0["address"] = .string(Fixtures.address(1, network: .test).string) })
        }
        #expect(throws: BundleError.invalidAddress(path: "entries[0].address", .badChecksum)) {
            try decode(withEntry { $0["address"] = .string(String(Fixtures.address(1).string.dropLast()) + "x") })
        }
        #expect(throws: BundleError.emptyValue(path: "entries[0].reference")) { try decode(withEntry { $0["reference"] = .string("") }) }
        #expect(throws: BundleError.invalidText(path: "entries[0].reference")) { try decode(withEntry { $0["reference"] = .string("a\nb") }) }
        #expect(throws: BundleError.overLimit(path: "entries[0].reference", limit: 128)) {
            try decode(withEntry { $0["reference"] = .string(String(repeating: "r", count: 129)) })
        }
        #expect(throws: BundleError.unknownField(path: "entries[0].label")) { try decode(withEntry { $0["label"] = .string("x") }) }
        #expect(throws: BundleError.missingField(path: "entries[0].scheme")) { try decode(withEntry { $0["scheme"] = nil }) }
    }
}
