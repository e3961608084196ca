import HFCrypto
import Testing

@Suite struct AESCBCTests {
    // NIST SP 800-38A F.2.1 (CBC-AES128) and F.2.5 (CBC-AES256): same IV and plaintext.
    static let iv = hex("000102030405060708090a0b0c0d0e0f")
    static let plaintext = hex(
        "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
            + "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710")
    static let key128 = hex("2b7e151628aed2a6abf7158809cf4f3c")
    static let key256 = hex("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4")

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let key: [UInt8]
        /// The four SP 800-38A ciphertext blocks.
        let nist: String
        /// The PKCS#7 block that follows (a full block of 0x10 encrypted), computed with pyca/cryptography.
        let paddingBlock: String
        var testDescription: String { name }
    }

    static let nistCases: [Case] = [
        Case(
            name: "F.2.1 CBC-AES128", key: key128,
            nist: "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
                + "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7",
            paddingBlock: "8cb82807230e1321d3fae00d18cc2012"),
        Case(
            name: "F.2.5 CBC-AES256", key: key256,
            nist: "f58c4c04d6e5f1ba779eabfb5f7bfbd69cfc4e967edb808d679f777bc6702c7d"
                + "39f23369a9d9bacfa530e26304231461b2eb05e2c39be9fcda6c19078c6a9d1b",
            paddingBlock: "3f461796d6b0d6b2e0c2a72b4d80e644"),
    ]

    @Test(arguments: nistCases)
    func sp80038A(_ vector: Case) throws {
        let ciphertext = try AESCBC.encrypt(Self.plaintext, key: vector.key, iv: Self.iv)
        #expect(ciphertext.count == 80)
        #expect(hex(Array(ciphertext.prefix(64))) == vector.nist)
        #expect(hex(Array(ciphertext.suffix(16))) == vector.paddingBlock)
        #expect(try AESCBC.decrypt(ciphertext, key: vector.key, iv: Self.iv) == Self.plaintext)
    }

    /// Short plaintexts: empty becomes one block, 16 bytes get a whole padding block (values from pyca/cryptography).
    static let shortCases: [(keyLength: Int, plaintext: [UInt8], ciphertext: String)] = [
        (16, [], "c84af0b613435d5d9182801a9bd9320b"),
        (16, utf8("a"), "a902d0a2f0d04643794fc3c11e3ecc4a"),
        (16, [UInt8](repeating: 0, count: 16), "50fe67cc996d32b6da0937e99bafec603a471a730e06602f7791e02e09928309"),
        (32, [], "7e9248e5d829ca7593f0c549db2f5b8c"),
        (32, utf8("a"), "0ad0834b56f4b1cafb4ccdddd29ba721"),
        (32, [UInt8](repeating: 0, count: 16), "b7bf3a5df43989dd97f0fa97ebce2f4a21c580b5614b51095c49a8594ec16889"),
    ]

    @Test(arguments: shortCases)
    func shortPlaintexts(_ vector: (keyLength: Int, plaintext: [UInt8], ciphertext: String)) throws {
        let key = vector.keyLength == 16 ? Self.key128 : Self.key256
        let ciphertext = try AESCBC.encrypt(vector.plaintext, key: key, iv: Self.iv)
        #expect(hex(ciphertext) == vector.ciphertext)
        #expect(try AESCBC.decrypt(ciphertext, key: key, iv: Self.iv) == vector.plaintext)
    }

    static let roundTripLengths = [0, 1, 15, 16, 17, 31, 32, 33, 100, 4096]

    @Test(arguments: roundTripLengths)
    func roundTrip(length: Int) throws {
        for keyLength in [16, 32] {
            let key = SecureRandom.bytes(keyLength)
            let iv = SecureRandom.bytes(16)
            let plaintext = SecureRandom.bytes(length)
            let ciphertext = try AESCBC.encrypt(plaintext, key: key, iv: iv)
            #expect(ciphertext.count == (length / 16 + 1) * 16)
            #expect(try AESCBC.decrypt(ciphertext, key: key, iv: iv) == plaintext)
        }
    }

    static let nist128 = hex(
        "7649abac8119b246cee98e9b12e9197d5086cb9b507219ee95db113a917678b2"
            + "73bed6b8e3c1743b7116e69e222295163ff1caa1681fac09120eca307586e1a7")

    /// NIST's four blocks without a padding block: the last plaintext byte is 0x10, but the block is not all 0x10.
    @Test func nistBlocksWithoutPaddingAreBadPadding() {
        #expect(throws: CryptoError.authenticationFailure) {
            try AESCBC.decrypt(Self.nist128, key: Self.key128, iv: Self.iv)
        }
    }

    /// NIST's first block alone decrypts to a block ending in 0x2a, which is not a PKCS#7 pad length.
    @Test func padLengthAboveBlockSizeIsBadPadding() {
        #expect(throws: CryptoError.authenticationFailure) {
            try AESCBC.decrypt(Array(Self.nist128.prefix(16)), key: Self.key128, iv: Self.iv)
        }
    }

    @Test func damagedPaddingBlockFails() throws {
        var ciphertext = try AESCBC.encrypt(utf8("sixteen bytes!!!"), key: Self.key128, iv: Self.iv)
        ciphertext[31] ^= 0x01
        #expect(throws: CryptoError.authenticationFailure) {
            try AESCBC.decrypt(ciphertext, key: Self.key128, iv: Self.iv)
        }
    }

    @Test func wrongKeyFailsPadding() throws {
        let ciphertext = try AESCBC.encrypt(utf8("attack at dawn"), key: Self.key256, iv: Self.iv)
        var key = Self.key256
        key[0] ^= 0x01
        #expect(throws: CryptoError.authenticationFailure) { try AESCBC.decrypt(ciphertext, key: key, iv: Self.iv) }
    }

    static let badCiphertextLengths = [0, 1, 15, 17, 31, 33]

    @Test(arguments: badCiphertextLengths)
    func ciphertextNotMultipleOfBlock(_ length: Int) {
        #expect(throws: CryptoError.incorrectParameterSize) {
            try AESCBC.decrypt([UInt8](repeating: 0, count: length), key: Self.key128, iv: Self.iv)
        }
    }

    static let wrongKeySizes = [0, 8, 15, 17, 24, 31, 33, 64]

    @Test(arguments: wrongKeySizes)
    func wrongKeySize(_ size: Int) {
        let key = [UInt8](repeating: 1, count: size)
        #expect(throws: CryptoError.incorrectKeySize) { try AESCBC.encrypt([1], key: key, iv: Self.iv) }
        #expect(throws: CryptoError.incorrectKeySize) {
            try AESCBC.decrypt([UInt8](repeating: 0, count: 16), key: key, iv: Self.iv)
        }
    }

    static let wrongIVSizes = [0, 8, 12, 15, 17, 32]

    @Test(arguments: wrongIVSizes)
    func wrongIVSize(_ size: Int) {
        let iv = [UInt8](repeating: 1, count: size)
        #expect(throws: CryptoError.incorrectParameterSize) { try AESCBC.encrypt([1], key: Self.key128, iv: iv) }
        #expect(throws: CryptoError.incorrectParameterSize) {
            try AESCBC.decrypt([UInt8](repeating: 0, count: 16), key: Self.key256, iv: iv)
        }
    }
}
