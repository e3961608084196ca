import HFBundles
import HFCrypto
import HFPrimitives
import Testing

@Suite struct WalletFileTests {
    static let walletID = [UInt8](repeating: 0x5a, count: 32)
    static let key = SecureBytes([UInt8](repeating: 0x42, count: 32))

    static func document() throws -> WalletFileDocument {
        try WalletFileDocument(
            network: .main, walletID: walletID, title: "Savings", derivationType: .type42, createdAt: Fixtures.createdAt,
            addressIndexes: WalletAddressIndexes(type42: AddressIndexes(receive: 5, change: 2)),
            receipts: [try ReceiptBundle(decoding: utf8(Fixtures.receiptJSON), expectedNetwork: .main)])
    }

    @Test func documentRoundTripAndShape() throws {
        let original = try Self.document()
        let text = text(original.encoded())
        #expect(text.hasPrefix(
            "{\"addressIndexes\":{\"bip44\":{\"change\":0,\"receive\":0},\"type42\":{\"change\":2,\"receive\":5}},"
                + "\"createdAt\":\"2026-11-30T12:00:00Z\",\"derivationType\":\"type42\",\"format\":\"hf-walletfile\","
                + "\"network\":\"main\",\"receipts\":[" + Fixtures.receiptJSON + "],\"title\":\"Savings\",\"version\":1,"))
        #expect(try WalletFileDocument(decoding: original.encoded(), expectedNetwork: .main) == original)
        #expect(throws: BundleError.wrongNetwork(expected: .test, found: .main)) {
            try WalletFileDocument(decoding: original.encoded(), expectedNetwork: .test)
        }
        #expect(throws: BundleError.unknownField(path: "mnemonic")) {
            try WalletFileDocument(decoding: editedJSON(original.encoded()) { $0["mnemonic"] = .string("x") }, expectedNetwork: nil)
        }
        #expect(throws: BundleError.wrongLength(path: "walletId", expected: 32, actual: 31)) {
            try WalletFileDocument(
                decoding: editedJSON(original.encoded()) { $0["walletId"] = .string(String(repeating: "ab", count: 31)) },
                expectedNetwork: nil)
        }
        #expect(throws: BundleError.self) { try WalletFileDocument(decoding: original.encoded() + [0x20, 0x31], expectedNetwork: nil) }
    }

    @Test func sealOpenAndRefusals() throws {
        let plaintext = try Self.document().encoded()
        let sealed = try EncryptedWalletFile.seal(plaintext: plaintext, walletID: Self.walletID, key: Self.key)
        let bytes = sealed.encoded()
        #expect(bytes.starts(with: utf8("HFWF1") + Self.walletID))
        #expect(bytes.count == 49 + plaintext.count + 16)
        #expect(try BundleKind.detect(bytes) == .walletFile)
        let decoded = try EncryptedWalletFile(decoding: bytes)
        #expect(decoded == sealed)
        #expect(try decoded.open(key: Self.key).bytes == plaintext)
        // Fresh nonce each time.
        #expect(try EncryptedWalletFile.seal(plaintext: plaintext, walletID: Self.walletID, key: Self.key).nonce != sealed.nonce)

        #expect(throws: WalletFileError.wrongKeyOrDamaged) {
            try decoded.open(key: SecureBytes([UInt8](repeating: 0x43, count: 32)))
        }
        for index in [0 + 5, 40, 49, bytes.count - 1] {  // wallet ID (AAD), nonce, ciphertext, tag
            var changed = bytes
            changed[index] ^= 0x01
            #expect(throws: WalletFileError.wrongKeyOrDamaged) { try EncryptedWalletFile(decoding: changed).open(key: Self.key) }
        }
        #expect(throws: WalletFileError.badKey) { try decoded.open(key: SecureBytes([1, 2, 3])) }
        #expect(throws: WalletFileError.badMagic) { try EncryptedWalletFile(decoding: utf8("HFBK1") + bytes.dropFirst(5)) }
        #expect(throws: WalletFileError.truncated(size: 64, minimum: 65)) { try EncryptedWalletFile(decoding: Array(bytes.prefix(64))) }
        #expect(throws: WalletFileError.truncated(size: 0, minimum: 65)) { try EncryptedWalletFile(decoding: []) }
        #expect(throws: WalletFileError.wrongKeyOrDamaged) {
            try EncryptedWalletFile(decoding: bytes + [0]).open(key: Self.key)
        }
    }
}
