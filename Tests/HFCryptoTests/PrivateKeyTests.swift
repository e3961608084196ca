import HFCrypto
import Testing

@Suite struct PrivateKeyTests {
    static let invalidScalars: [(name: String, bytes: [UInt8])] = [
        ("zero", [UInt8](repeating: 0, count: 32)),
        ("n", Curve.n),
        ("n+1", Curve.nPlus1),
        ("2^256-1", [UInt8](repeating: 0xff, count: 32)),
    ]

    @Test(arguments: invalidScalars)
    func rejectsOutOfRange(_ scalar: (name: String, bytes: [UInt8])) {
        #expect(throws: CryptoError.invalidPrivateKey) { try PrivateKey(rawRepresentation: scalar.bytes) }
    }

    static let validScalars: [[UInt8]] = [Curve.scalar(1), Curve.nMinus1, Curve.halfN, Curve.scalar(0xc0ffee)]

    @Test(arguments: validScalars)
    func acceptsInRange(_ bytes: [UInt8]) throws {
        let key = try PrivateKey(rawRepresentation: bytes)
        #expect(key.rawRepresentation == bytes)
    }

    static let wrongSizes = [0, 1, 16, 31, 33, 64]

    @Test(arguments: wrongSizes)
    func rejectsWrongSize(_ size: Int) {
        #expect(throws: CryptoError.incorrectKeySize) {
            try PrivateKey(rawRepresentation: [UInt8](repeating: 1, count: size))
        }
    }

    @Test func publicKeyOfOneIsGenerator() throws {
        let one = try PrivateKey(rawRepresentation: Curve.scalar(1))
        #expect(hex(one.publicKey.compressed) == hex(Curve.gCompressed))
        #expect(hex(one.publicKey.uncompressed) == hex(Curve.gUncompressed))
        #expect(one.publicKey == PublicKey.generator)
    }

    static let knownPublicKeys: [(scalar: [UInt8], compressed: [UInt8])] = [
        (Curve.scalar(2), Curve.twoG),
        (Curve.scalar(3), Curve.threeG),
        (Curve.scalar(6), Curve.sixG),
        (Curve.nMinus1, Curve.minusG),
        (hex("c0ffee0000000000000000000000000000000000000000000000000000000001"),
         hex("025559db40d11a625321d2b362c7430b0c874b27b5e6a63f4ee9848aa9f9e1688b")),
    ]

    @Test(arguments: knownPublicKeys)
    func knownPublicKey(_ vector: (scalar: [UInt8], compressed: [UInt8])) throws {
        let key = try PrivateKey(rawRepresentation: vector.scalar)
        #expect(hex(key.publicKey.compressed) == hex(vector.compressed))
    }

    @Test func descriptionNeverRevealsTheKey() throws {
        let bytes = hex("c0ffee00112233445566778899aabbccddeeff00112233445566778899aabbcc")
        let key = try PrivateKey(rawRepresentation: bytes)
        let keyHex = hex(bytes)
        var dumped = ""
        dump(key, to: &dumped)
        for text in ["\(key)", String(describing: key), String(reflecting: key), dumped] {
            #expect(!text.lowercased().contains(keyHex))
            #expect(!text.lowercased().contains("c0ffee"))
        }
        #expect(key.description == "PrivateKey(<secret>)")
    }

    @Test func generateGivesDistinctValidKeys() throws {
        let a = PrivateKey.generate()
        let b = PrivateKey.generate()
        #expect(a != b)
        #expect(a.rawRepresentation.count == 32)
        #expect(try PrivateKey(rawRepresentation: a.rawRepresentation) == a)
    }

    @Test func equality() throws {
        let a = try PrivateKey(rawRepresentation: Curve.scalar(5))
        let b = try PrivateKey(rawRepresentation: Curve.scalar(5))
        let c = try PrivateKey(rawRepresentation: Curve.scalar(6))
        #expect(a == b)
        #expect(a != c)
    }
}
