import HFCrypto
import Testing

@testable import HFBundles

/// A known answer made with Python (`hashlib.pbkdf2_hmac` + `cryptography` AESGCM): password "correct horse battery
/// staple", salt 00…0f, 100,000 iterations, nonce a0…ab, plaintext `BackupKAT.plaintext`.
enum BackupKAT {
    static let password = "correct horse battery staple"
    static let salt: [UInt8] = Array(0..<16)
    static let nonce: [UInt8] = Array(0xa0..<0xac)
    static let iterations: UInt32 = 100_000
    static let plaintext =
        #"{"createdAt":"2026-11-30T12:00:00Z","format":"hf-backup","version":1,"wallets":[{"addressIndexes":"#
        + #"{"bip44":{"change":0,"receive":0},"type42":{"change":1,"receive":3}},"derivationType":"type42","#
        + #""isDefault":true,"mnemonic":"abandon abandon abandon abandon abandon abandon abandon abandon abandon "#
        + #"abandon abandon about","network":"main","passphrase":"","receipts":[],"title":"Sample"}]}"#
    static let file = hex(
        "4846424b31000102030405060708090a0b0c0d0e0f000186a0a0a1a2a3a4a5a6a7a8a9aaab5271182720278b52f3cfb33499fc51a74c2088"
            + "2b93f323dea099370b194c24b009751c433f51ab36a38186e143d5ccb882b8128a125218ec767683ee9149f5ec537e8fe057eca6f2c94fc2"
            + "704032342fe98175950437136a4b026222153c22653a699e593b056b9856df861e44415b1e309f58705f461164afcd687503a2d1c874a688"
            + "b3b385571bc43daf76de405880fb16aa0e4d232c06475b0ce59c3283629e7a07dbe9bfa790cea5197913590992ef05eb91280736d2365e70"
            + "845b97e7d2e6851f0ef2ccbf300ff22ee6442ef0c91fb50b764af7ca5b4c0184b373615827fd9b7053d7a440341ebbdf299b9135e8544071"
            + "279bf61638d1050cfc71d5aaee763b28df8ed7e5ec46fe6730924c9651b8ef09c9d0b6a9ce2f761620836d39dd4b229f92fa82939824ad23"
            + "f84e891ff9e3ac292f2650e74802f062fd2e3955b79f73a98a1ceff0d28474a42f8dcb16e0c4c044eda7e4af55c4d51443e68c0a4a50ff10"
            + "bdbf471b2b18c39a3835cae4f7e44fa36bdf7b0efbff0b2affcec7b9d0511025db5fff8762861c60a9551153")

    static var passwordBytes: SecureBytes { SecureBytes(utf8(password)) }
}

/// `bytes` with bit 0 of byte `index` flipped.
private func flipped(_ bytes: [UInt8], at index: Int) -> [UInt8] {
    var copy = bytes
    copy[index] ^= 1
    return copy
}

/// `file` with its iteration count replaced.
private func withIterations(_ iterations: UInt32, _ file: [UInt8] = BackupKAT.file) -> [UInt8] {
    var copy = file
    copy[21..<25] = [UInt8(iterations >> 24), UInt8(iterations >> 16 & 0xff), UInt8(iterations >> 8 & 0xff), UInt8(iterations & 0xff)]
    return copy
}

@Suite struct EncryptedBackupTests {
    @Test func opensThePythonKnownAnswer() throws {
        let backup = try EncryptedBackup(decoding: BackupKAT.file)
        #expect(backup.salt == BackupKAT.salt)
        #expect(backup.nonce == BackupKAT.nonce)
        #expect(backup.iterations == 100_000)
        #expect(backup.header == Array(BackupKAT.file[0..<37]))
        #expect(backup.tag == Array(BackupKAT.file.suffix(16)))
        #expect(backup.encoded() == BackupKAT.file)
        let plaintext = try backup.open(password: BackupKAT.passwordBytes)
        #expect(plaintext.bytes == utf8(BackupKAT.plaintext))
    }

    @Test func sealsTheKnownAnswerByteForByte() throws {
        let sealed = try EncryptedBackup.seal(
            plaintext: SecureBytes(utf8(BackupKAT.plaintext)), password: BackupKAT.passwordBytes,
            iterations: BackupKAT.iterations, salt: BackupKAT.salt, nonce: BackupKAT.nonce)
        #expect(sealed.encoded() == BackupKAT.file)
    }

    @Test func roundTripWithDefaults() throws {
        let password = SecureBytes(utf8("pässwörd ✓"))
        let plaintext = SecureBytes(utf8("any bytes at all \u{0}"))
        let first = try EncryptedBackup.seal(plaintext: plaintext, password: password)
        let second = try EncryptedBackup.seal(plaintext: plaintext, password: password)
        #expect(first.iterations == 600_000)
        #expect(first.salt != second.salt)
        #expect(first.nonce != second.nonce)
        #expect(first.ciphertext.count == plaintext.count)
        let bytes = first.encoded()
        #expect(bytes.count == 53 + plaintext.count)
        #expect(Array(bytes[0..<5]) == utf8("HFBK1"))
        #expect(Array(bytes[21..<25]) == [0x00, 0x09, 0x27, 0xc0])
        #expect(try EncryptedBackup.open(bytes, password: password).bytes == plaintext.bytes)
        let empty = try EncryptedBackup.seal(
            plaintext: SecureBytes([]), password: password, iterations: 100_000, salt: BackupKAT.salt, nonce: BackupKAT.nonce)
        #expect(empty.encoded().count == 53)
        #expect(try EncryptedBackup.open(empty.encoded(), password: password).count == 0)
    }

    @Test func wrongPasswordOrAnyFlippedBitFails() {
        #expect(throws: BackupError.wrongPasswordOrDamaged) {
            try EncryptedBackup.open(BackupKAT.file, password: SecureBytes(utf8("correct horse battery stapl")))
        }
        // Salt, iteration count (100000 → 100001), nonce (all in the AAD), ciphertext, tag.
        for index in [5, 20, 24, 25, 36, 37, 200, BackupKAT.file.count - 17, BackupKAT.file.count - 16, BackupKAT.file.count - 1] {
            #expect(throws: BackupError.wrongPasswordOrDamaged) {
                try EncryptedBackup.open(flipped(BackupKAT.file, at: index), password: BackupKAT.passwordBytes)
            }
        }
        #expect(throws: BackupError.badMagic) {
            try EncryptedBackup.open(flipped(BackupKAT.file, at: 4), password: BackupKAT.passwordBytes)
        }
    }

    @Test func iterationBoundsAreCheckedBeforeAnyKeyDerivation() {
        // Deriving with 2³²−1 iterations would take hours (and trap in PBKDF2's range check): these return at once.
        #expect(throws: BackupError.iterationsOutOfRange(UInt32.max, allowed: 100_000...10_000_000)) {
            try EncryptedBackup.open(withIterations(UInt32.max), password: BackupKAT.passwordBytes)
        }
        #expect(throws: BackupError.iterationsOutOfRange(99_999, allowed: 100_000...10_000_000)) {
            try EncryptedBackup.open(withIterations(99_999), password: BackupKAT.passwordBytes)
        }
        #expect(throws: BackupError.iterationsOutOfRange(10_000_001, allowed: 100_000...10_000_000)) {
            try EncryptedBackup(decoding: withIterations(10_000_001))
        }
        #expect(throws: BackupError.iterationsOutOfRange(0, allowed: 100_000...10_000_000)) {
            try EncryptedBackup(decoding: withIterations(0))
        }
        #expect(throws: Never.self) { try EncryptedBackup(decoding: withIterations(10_000_000)) }
    }

    @Test func structuralFaults() {
        #expect(throws: BackupError.truncated(size: 0, minimum: 53)) { try EncryptedBackup(decoding: []) }
        #expect(throws: BackupError.truncated(size: 3, minimum: 53)) { try EncryptedBackup(decoding: utf8("HFB")) }
        #expect(throws: BackupError.truncated(size: 52, minimum: 53)) {
            try EncryptedBackup(decoding: Array(BackupKAT.file.prefix(52)))
        }
        #expect(throws: BackupError.badMagic) { try EncryptedBackup(decoding: utf8("{\"format\":\"hftx\"}")) }
        #expect(throws: BackupError.badMagic) { try EncryptedBackup(decoding: utf8("HFBK2") + Array(BackupKAT.file.dropFirst(5))) }
        #expect(throws: BackupError.badMagic) { try EncryptedBackup(decoding: utf8("X")) }
        let huge = utf8("HFBK1") + [UInt8](repeating: 0, count: 64 * 1024 * 1024)
        #expect(throws: BackupError.tooLarge(size: 67_108_869, limit: 67_108_864)) { try EncryptedBackup(decoding: huge) }
    }

    @Test func writerRules() {
        let plaintext = SecureBytes(utf8("x"))
        #expect(throws: BackupError.iterationsOutOfRange(599_999, allowed: 600_000...10_000_000)) {
            try EncryptedBackup.seal(plaintext: plaintext, password: BackupKAT.passwordBytes, iterations: 599_999)
        }
        #expect(throws: BackupError.iterationsOutOfRange(10_000_001, allowed: 600_000...10_000_000)) {
            try EncryptedBackup.seal(plaintext: plaintext, password: BackupKAT.passwordBytes, iterations: 10_000_001)
        }
        #expect(throws: BackupError.emptyPassword) {
            try EncryptedBackup.seal(plaintext: plaintext, password: SecureBytes([]))
        }
        #expect(BackupError.wrongPasswordOrDamaged.description == "wrong password or damaged file")
    }
}
