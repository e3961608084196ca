import Foundation
import HFCrypto
import HFTestSupport
import Testing

@Suite struct AESGCMTests {
    // McGrew & Viega, "The Galois/Counter Mode of Operation (GCM)", test case 16 (AES-256, 96-bit IV, AAD).
    static let tc16Key = hex("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308")
    static let tc16IV = hex("cafebabefacedbaddecaf888")
    static let tc16Plaintext = hex(
        "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
            + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39")
    static let tc16AAD = hex("feedfacedeadbeeffeedfacedeadbeefabaddad2")
    static let tc16Ciphertext = hex(
        "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
            + "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662")
    static let tc16Tag = hex("76fc6ece0f4e1768cddf8853bb2d551b")

    /// `brc2/SymmetricKey.aesgcm.vectors.json` (go-sdk / ts-sdk): 32-byte IVs, no AAD.
    @Test func brc2SymmetricKeyVectors() throws {
        guard let object = try Vectors.json("brc2/SymmetricKey.aesgcm.vectors.json") else { return }
        let vectors = try #require(object as? [[String: String]])
        #expect(vectors.count == 5)
        for vector in vectors {
            let keyText = try #require(vector["key"])
            let blobText = try #require(vector["ciphertext"])
            let key = [UInt8](try #require(Data(base64Encoded: keyText)))
            let blob = [UInt8](try #require(Data(base64Encoded: blobText)))
            let plaintext = utf8(try #require(vector["plaintext"]))
            try #require(blob.count >= 48)
            let iv = Array(blob[0..<32])
            let box = AESGCM.SealedBox(
                ciphertext: Array(blob[32..<(blob.count - 16)]), tag: Array(blob[(blob.count - 16)...]))
            #expect(try AESGCM.open(box, key: key, iv: iv) == plaintext)
            // Sealing again with the same IV reproduces the vector byte for byte.
            let resealed = try AESGCM.seal(plaintext, key: key, iv: iv)
            #expect(iv + resealed.ciphertext + resealed.tag == blob)
        }
    }

    @Test func mcgrewViegaTestCase16() throws {
        let box = try AESGCM.seal(Self.tc16Plaintext, key: Self.tc16Key, iv: Self.tc16IV, aad: Self.tc16AAD)
        #expect(hex(box.ciphertext) == hex(Self.tc16Ciphertext))
        #expect(hex(box.tag) == hex(Self.tc16Tag))
        let opened = try AESGCM.open(
            AESGCM.SealedBox(ciphertext: Self.tc16Ciphertext, tag: Self.tc16Tag), key: Self.tc16Key, iv: Self.tc16IV,
            aad: Self.tc16AAD)
        #expect(opened == Self.tc16Plaintext)
    }

    /// McGrew–Viega test cases 13 and 14: zero key, zero 96-bit IV, empty and one-block plaintexts.
    @Test func mcgrewViegaTestCases13And14() throws {
        let key = [UInt8](repeating: 0, count: 32)
        let iv = [UInt8](repeating: 0, count: 12)
        let empty = try AESGCM.seal([], key: key, iv: iv)
        #expect(empty.ciphertext.isEmpty)
        #expect(hex(empty.tag) == "530f8afbc74536b9a963b4f1c4cb738b")
        #expect(try AESGCM.open(empty, key: key, iv: iv) == [])
        let block = try AESGCM.seal([UInt8](repeating: 0, count: 16), key: key, iv: iv)
        #expect(hex(block.ciphertext) == "cea7403d4d606b6e074ec5d3baf39d18")
        #expect(hex(block.tag) == "d0d1c8a799996bf0265b98b5d48ab919")
    }

    static let roundTripLengths = [0, 1, 15, 16, 17, 64, 1000]

    @Test(arguments: roundTripLengths)
    func roundTrip(length: Int) throws {
        let key = SecureRandom.bytes(32)
        let plaintext = SecureRandom.bytes(length)
        for ivLength in [12, 16, 32, 1, AESGCM.maximumIVLength] {
            let iv = SecureRandom.bytes(ivLength)
            let aad = SecureRandom.bytes(length % 7)
            let box = try AESGCM.seal(plaintext, key: key, iv: iv, aad: aad)
            #expect(box.ciphertext.count == plaintext.count)
            #expect(box.tag.count == AESGCM.tagLength)
            #expect(try AESGCM.open(box, key: key, iv: iv, aad: aad) == plaintext)
        }
    }

    @Test func flippedCiphertextBitFails() {
        var ciphertext = Self.tc16Ciphertext
        ciphertext[7] ^= 0x01
        #expect(throws: CryptoError.authenticationFailure) {
            try AESGCM.open(
                AESGCM.SealedBox(ciphertext: ciphertext, tag: Self.tc16Tag), key: Self.tc16Key, iv: Self.tc16IV,
                aad: Self.tc16AAD)
        }
    }

    @Test func flippedTagBitFails() {
        var tag = Self.tc16Tag
        tag[15] ^= 0x80
        #expect(throws: CryptoError.authenticationFailure) {
            try AESGCM.open(
                AESGCM.SealedBox(ciphertext: Self.tc16Ciphertext, tag: tag), key: Self.tc16Key, iv: Self.tc16IV,
                aad: Self.tc16AAD)
        }
    }

    @Test func wrongAADFails() {
        let box = AESGCM.SealedBox(ciphertext: Self.tc16Ciphertext, tag: Self.tc16Tag)
        #expect(throws: CryptoError.authenticationFailure) {
            try AESGCM.open(box, key: Self.tc16Key, iv: Self.tc16IV, aad: Self.tc16AAD.dropLast() + [0x00])
        }
        #expect(throws: CryptoError.authenticationFailure) {
            try AESGCM.open(box, key: Self.tc16Key, iv: Self.tc16IV)
        }
    }

    @Test func wrongKeyFails() {
        var key = Self.tc16Key
        key[0] ^= 0x01
        #expect(throws: CryptoError.authenticationFailure) {
            try AESGCM.open(
                AESGCM.SealedBox(ciphertext: Self.tc16Ciphertext, tag: Self.tc16Tag), key: key, iv: Self.tc16IV,
                aad: Self.tc16AAD)
        }
    }

    @Test func wrongIVFails() {
        var iv = Self.tc16IV
        iv[11] ^= 0x01
        #expect(throws: CryptoError.authenticationFailure) {
            try AESGCM.open(
                AESGCM.SealedBox(ciphertext: Self.tc16Ciphertext, tag: Self.tc16Tag), key: Self.tc16Key, iv: iv,
                aad: Self.tc16AAD)
        }
    }

    @Test func truncatedCiphertextFails() {
        #expect(throws: CryptoError.authenticationFailure) {
            try AESGCM.open(
                AESGCM.SealedBox(ciphertext: Array(Self.tc16Ciphertext.dropLast()), tag: Self.tc16Tag),
                key: Self.tc16Key, iv: Self.tc16IV, aad: Self.tc16AAD)
        }
    }

    static let wrongKeySizes = [0, 16, 24, 31, 33, 64]

    @Test(arguments: wrongKeySizes)
    func wrongKeySize(_ size: Int) {
        let key = [UInt8](repeating: 1, count: size)
        #expect(throws: CryptoError.incorrectKeySize) { try AESGCM.seal([1], key: key, iv: Self.tc16IV) }
        #expect(throws: CryptoError.incorrectKeySize) {
            try AESGCM.open(AESGCM.SealedBox(ciphertext: [1], tag: Self.tc16Tag), key: key, iv: Self.tc16IV)
        }
    }

    @Test func emptyIVRejected() {
        #expect(throws: CryptoError.incorrectParameterSize) { try AESGCM.seal([1], key: Self.tc16Key, iv: []) }
        #expect(throws: CryptoError.incorrectParameterSize) {
            try AESGCM.open(AESGCM.SealedBox(ciphertext: [1], tag: Self.tc16Tag), key: Self.tc16Key, iv: [])
        }
    }

    /// OpenSSL 3 accepts GCM IVs of at most 128 bytes; longer ones are a size error, not a C failure.
    @Test func overlongIVRejected() {
        let iv = [UInt8](repeating: 7, count: AESGCM.maximumIVLength + 1)
        #expect(AESGCM.maximumIVLength == 128)
        #expect(throws: CryptoError.incorrectParameterSize) { try AESGCM.seal([1], key: Self.tc16Key, iv: iv) }
        #expect(throws: CryptoError.incorrectParameterSize) {
            try AESGCM.open(AESGCM.SealedBox(ciphertext: [1], tag: Self.tc16Tag), key: Self.tc16Key, iv: iv)
        }
    }

    static let wrongTagSizes = [0, 12, 15, 17, 32]

    @Test(arguments: wrongTagSizes)
    func wrongTagSize(_ size: Int) {
        let box = AESGCM.SealedBox(ciphertext: Self.tc16Ciphertext, tag: Array(repeating: 0, count: size))
        #expect(throws: CryptoError.incorrectParameterSize) {
            try AESGCM.open(box, key: Self.tc16Key, iv: Self.tc16IV, aad: Self.tc16AAD)
        }
    }

    @Test func sealIsDeterministicForFixedInputs() throws {
        let a = try AESGCM.seal(utf8("same"), key: Self.tc16Key, iv: Self.tc16IV)
        let b = try AESGCM.seal(utf8("same"), key: Self.tc16Key, iv: Self.tc16IV)
        let c = try AESGCM.seal(utf8("same"), key: Self.tc16Key, iv: Self.tc16IV.reversed())
        #expect(a == b)
        #expect(a != c)
    }
}
