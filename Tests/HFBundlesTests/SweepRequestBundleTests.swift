import HFBundles
import HFCrypto
import HFPrimitives
import Testing

/// A signed `.hfsweep` of `addresses` (two by default) on `network`.
private func request(network: Network = .regtest, addresses: [Address]? = nil) throws -> SweepRequestBundle {
    try SweepRequestBundle(
        network: network, createdAt: Fixtures.createdAt,
        addresses: addresses ?? [Fixtures.address(1, network: network), Fixtures.address(2, network: network)],
        signingWith: Fixtures.identityKey)
}

private func decode(_ bytes: [UInt8], network: Network? = .regtest) throws(BundleError) -> SweepRequestBundle {
    try SweepRequestBundle(decoding: bytes, expectedNetwork: network)
}

@Suite struct SweepRequestBundleTests {
    @Test func digestIsExactlyAsSpecified() throws {
        let bundle = try request()
        let identity = Fixtures.identityKey.publicKey.compressed
        let walletID = Hash.sha256(utf8("hf-wallet-id/v1") + [0] + utf8("regtest") + [0] + identity)
        let a1 = Fixtures.address(1, network: .regtest).string
        let a2 = Fixtures.address(2, network: .regtest).string
        var expected = utf8("HFSWEEP") + [1, 7] + utf8("regtest") + [20] + utf8("2026-11-30T12:00:00Z")
        expected += walletID + identity + [2]
        expected += [UInt8(a1.utf8.count)] + utf8(a1) + [UInt8(a2.utf8.count)] + utf8(a2)
        #expect(bundle.digest == Hash.sha256(expected))
        #expect(bundle.walletID == walletID)
        #expect(bundle.verifySignature())
    }

    @Test func roundTripsCanonically() throws {
        let bundle = try request()
        let bytes = bundle.encoded()
        #expect(try BundleKind.detect(bytes) == .sweepRequest)
        let decoded = try decode(bytes)
        #expect(decoded == bundle)
        #expect(decoded.encoded() == bytes)
        #expect(throws: Never.self) { try decoded.verify() }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("{\"addresses\":[\""))
        #expect(text.contains("\"format\":\"hfsweep\"") && text.contains("\"version\":1"))
    }

    @Test func aChangedFieldFailsTheSignature() throws {
        let bytes = try request().encoded()
        let other = Fixtures.address(3, network: .regtest).string
        let moved = editedJSON(bytes) { $0["addresses"] = .array([.string(other), .string(Fixtures.address(2, network: .regtest).string)]) }
        #expect(throws: BundleError.signatureInvalid) { try decode(moved).verify() }
        let later = editedJSON(bytes) { $0["createdAt"] = .string("2026-11-30T12:00:01Z") }
        #expect(throws: BundleError.signatureInvalid) { try decode(later).verify() }
    }

    @Test func structuralFaultsAreRefused() throws {
        let bytes = try request().encoded()
        let otherWallet = editedJSON(bytes) { $0["walletId"] = .string(String(repeating: "00", count: 32)) }
        #expect(throws: BundleError.walletIDMismatch) { try decode(otherWallet) }
        let twice = Fixtures.address(1, network: .regtest).string
        let duplicate = editedJSON(bytes) { $0["addresses"] = .array([.string(twice), .string(twice)]) }
        #expect(throws: BundleError.duplicateEntry(path: "addresses[1]")) { try decode(duplicate) }
        let empty = editedJSON(bytes) { $0["addresses"] = .array([]) }
        #expect(throws: (any Error).self) { try decode(empty) }
        let extra = editedJSON(bytes) { $0["wif"] = .string("secret") }
        #expect(throws: BundleError.unknownField(path: "wif")) { try decode(extra) }
        #expect(throws: BundleError.wrongNetwork(expected: .main, found: .regtest)) { try decode(bytes, network: .main) }
        let mainAddress = editedJSON(bytes) { $0["addresses"] = .array([.string(Fixtures.address(1).string)]) }
        #expect(throws: (any Error).self) { try decode(mainAddress) }
        #expect(throws: (any Error).self) {
            try request(addresses: [Fixtures.address(1, network: .main)])
        }
    }
}
