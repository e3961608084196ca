@testable import HFCrypto
import Testing

/// PBKDF2 known answers: RFC 7914 §11 (SHA-256), RFC 6070's inputs with SHA-256 and SHA-512 (values computed with
/// Python's `hashlib.pbkdf2_hmac` and cross-checked against published tables), and the BIP 39 seed function.
@Suite struct PBKDF2Tests {
    struct Case: Sendable, CustomTestStringConvertible {
        let password: [UInt8]
        let salt: [UInt8]
        let iterations: Int
        let derived: String
        var testDescription: String {
            "\(String(decoding: password, as: UTF8.self))/\(String(decoding: salt, as: UTF8.self))/\(iterations)"
        }
    }

    static let sha256Cases: [Case] = [
        // RFC 7914 §11.
        Case(
            password: utf8("passwd"), salt: utf8("salt"), iterations: 1,
            derived: "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"),
        // RFC 6070 inputs, SHA-256.
        Case(
            password: utf8("password"), salt: utf8("salt"), iterations: 1,
            derived: "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"),
        Case(
            password: utf8("password"), salt: utf8("salt"), iterations: 2,
            derived: "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"),
        Case(
            password: utf8("password"), salt: utf8("salt"), iterations: 4096,
            derived: "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"),
        Case(
            password: utf8("passwordPASSWORDpassword"), salt: utf8("saltSALTsaltSALTsaltSALTsaltSALTsalt"),
            iterations: 4096,
            derived: "348c89dbcbd32b2f32d814b8116e84cf2b17347ebc1800181c4e2a1fb8dd53e1c635518c7dac47e9"),
        Case(
            password: utf8("pass\u{0}word"), salt: utf8("sa\u{0}lt"), iterations: 4096,
            derived: "89b69d0516f829893c696226650a8687"),
        // Empty password and/or salt.
        Case(
            password: [], salt: utf8("salt"), iterations: 1,
            derived: "f135c27993baf98773c5cdb40a5706ce6a345cde61b000a67858650cd6a324d7"),
        Case(
            password: utf8("password"), salt: [], iterations: 1,
            derived: "c1232f10f62715fda06ae7c0a2037ca19b33cf103b727ba56d870c11f290a2ab"),
        Case(
            password: [], salt: [], iterations: 1,
            derived: "f7ce0b653d2d72a4108cf5abe912ffdd777616dbbb27a70e8204f3ae2d0f6fad"),
        // Python's hashlib.pbkdf2_hmac: a password longer than the block (hashed first), exactly one block, a
        // 97-byte output (four blocks, the last cut), a binary password and the vault's 600,000 iterations.
        Case(
            password: [UInt8](repeating: UInt8(ascii: "p"), count: 65), salt: utf8("salt"), iterations: 3,
            derived: "9f1b4cba4b646ed9a5d20a3cfa7ef757b162f7073a4578d7e93864f7d91e146f"),
        Case(
            password: [UInt8](repeating: UInt8(ascii: "x"), count: 64),
            salt: [UInt8](repeating: UInt8(ascii: "y"), count: 100), iterations: 5,
            derived: "437118fbaa65395481106c7e24bfbe41a47704d4aeb377d712b651ffc3f14a300c0e1491619fa8dd8bd440dfe23c675c"
                + "09462898e156998660cf7927aba3e1287509f85326e4acf608f04b325a5625f4dc38ea634f93b21345f7ae9c260b12e4d5"),
        Case(
            password: (0..<200).map { UInt8($0) }, salt: [], iterations: 2,
            derived: "f1d5319c7b2ac6aeb8774c5952c364c2ad94eacef1782f988ed51c55ec91cd0226"),
        Case(
            password: utf8("pw"), salt: utf8("salt"), iterations: 600_000,
            derived: "c86b4470512980eda8569b4e5fa554530b297570b45ff140f6bc5a340485188b"),
    ]

    /// The prepared-state PBKDF2 against OpenSSL's own `PKCS5_PBKDF2_HMAC` on random passwords, salts, counts and
    /// lengths around the block and digest sizes.
    @Test func sha256AgreesWithOpenSSLsPKCS5() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let password = (0..<Int.random(in: 0...130, using: &generator)).map { _ in UInt8.random(in: 0...255) }
            let salt = (0..<Int.random(in: 0...80, using: &generator)).map { _ in UInt8.random(in: 0...255) }
            let iterations = Int.random(in: 1...40, using: &generator)
            let length = [1, 31, 32, 33, 64, 65, 100].randomElement(using: &generator)!
            #expect(
                PBKDF2.sha256(password: password, salt: salt, iterations: iterations, keyLength: length)
                    == PBKDF2.openSSLSHA256(password: password, salt: salt, iterations: iterations, keyLength: length),
                "password \(password.count) bytes, salt \(salt.count), \(iterations) iterations, \(length) bytes")
        }
    }

    @Test(arguments: sha256Cases)
    func sha256(_ vector: Case) {
        let derived = PBKDF2.sha256(
            password: vector.password, salt: vector.salt, iterations: vector.iterations,
            keyLength: vector.derived.count / 2)
        #expect(hex(derived) == vector.derived)
    }

    /// RFC 7914 §11, the second PBKDF2-HMAC-SHA256 vector (80,000 iterations).
    @Test func sha256RFC7914Password80000() {
        let derived = PBKDF2.sha256(password: utf8("Password"), salt: utf8("NaCl"), iterations: 80000, keyLength: 64)
        #expect(
            hex(derived)
                == "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
                + "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d")
    }

    static let sha512Cases: [Case] = [
        Case(
            password: utf8("password"), salt: utf8("salt"), iterations: 1,
            derived: "867f70cf1ade02cff3752599a3a53dc4af34c7a669815ae5d513554e1c8cf252"
                + "c02d470a285a0501bad999bfe943c08f050235d7d68b1da55e63f73b60a57fce"),
        Case(
            password: utf8("password"), salt: utf8("salt"), iterations: 2,
            derived: "e1d9c16aa681708a45f5c7c4e215ceb66e011a2e9f0040713f18aefdb866d53c"
                + "f76cab2868a39b9f7840edce4fef5a82be67335c77a6068e04112754f27ccf4e"),
        Case(
            password: utf8("password"), salt: utf8("salt"), iterations: 4096,
            derived: "d197b1b33db0143e018b12f3d1d1479e6cdebdcc97c5c0f87f6902e072f457b5"
                + "143f30602641b3d55cd335988cb36b84376060ecd532e039b742a239434af2d5"),
        Case(
            password: utf8("passwordPASSWORDpassword"), salt: utf8("saltSALTsaltSALTsaltSALTsaltSALTsalt"),
            iterations: 4096,
            derived: "8c0511f4c6e597c6ac6315d8f0362e225f3c501495ba23b868c005174dc4ee71"
                + "115b59f9e60cd9532fa33e0f75aefe30225c583a186cd82bd4daea9724a3d3b8"),
        Case(
            password: [], salt: [], iterations: 1,
            derived: "6d2ecbbbfb2e6dcd7056faf9af6aa06eae594391db983279a6bf27e0eb228614"
                + "3ab0c996f33ca4b667e945829ea693340f2831797324e5f31df18ed171d18c97"),
        Case(
            password: [], salt: utf8("salt"), iterations: 1,
            derived: "00ef42cdbfc98d29db20976608e455567fdddf141f6eb03b5a85addd25974f5d"),
        // BIP 39 (Trezor vector 1): seed of the "abandon … about" mnemonic with passphrase "TREZOR".
        Case(
            password: utf8(
                "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"),
            salt: utf8("mnemonicTREZOR"), iterations: 2048,
            derived: "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e5349553"
                + "1f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04"),
    ]

    @Test(arguments: sha512Cases)
    func sha512(_ vector: Case) {
        let derived = PBKDF2.sha512(
            password: vector.password, salt: vector.salt, iterations: vector.iterations,
            keyLength: vector.derived.count / 2)
        #expect(hex(derived) == vector.derived)
    }

    @Test func shorterOutputIsPrefix() {
        let long = PBKDF2.sha256(password: utf8("password"), salt: utf8("salt"), iterations: 2, keyLength: 64)
        let short = PBKDF2.sha256(password: utf8("password"), salt: utf8("salt"), iterations: 2, keyLength: 20)
        #expect(Array(long.prefix(20)) == short)
        #expect(long.count == 64)
    }

    @Test func zeroIterationsTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = PBKDF2.sha256(password: [1], salt: [2], iterations: 0, keyLength: 32)
        }
    }

    @Test func zeroKeyLengthTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = PBKDF2.sha512(password: [1], salt: [2], iterations: 1, keyLength: 0)
        }
    }
}
