import HFCrypto
import Testing

@Suite struct PublicKeyTests {
    @Test func generatorConstant() {
        #expect(hex(PublicKey.generator.compressed) == hex(Curve.gCompressed))
        #expect(hex(PublicKey.generator.uncompressed) == hex(Curve.gUncompressed))
        #expect(PublicKey.generator.description == hex(Curve.gCompressed))
    }

    static let knownPoints: [(compressed: String, uncompressed: String)] = [
        ("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
         "0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
            + "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8"),
        ("02c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5",
         "04c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5"
            + "1ae168fea63dc339a3c58419466ceaeef7f632653266d0e1236431a950cfe52a"),
        ("03fff97bd5755eeea420453a14355235d382f6472f8568a18b2f057a1460297556",
         "04fff97bd5755eeea420453a14355235d382f6472f8568a18b2f057a1460297556"
            + "ae12777aacfbb620f3be96017f45c560de80f0f6518fe4a03c870c36b075f297"),
        ("0379be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798",
         "0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
            + "b7c52588d95c3b9aa25b0403f1eef75702e84bb7597aabe663b82f6f04ef2777"),
    ]

    @Test(arguments: knownPoints)
    func parseAndRoundTrip(_ point: (compressed: String, uncompressed: String)) throws {
        let fromCompressed = try PublicKey(serialized: hex(point.compressed))
        let fromUncompressed = try PublicKey(serialized: hex(point.uncompressed))
        #expect(fromCompressed == fromUncompressed)
        #expect(fromCompressed.hashValue == fromUncompressed.hashValue)
        #expect(hex(fromCompressed.compressed) == point.compressed)
        #expect(hex(fromCompressed.uncompressed) == point.uncompressed)
        #expect(hex(fromUncompressed.compressed) == point.compressed)
        #expect(hex(fromUncompressed.uncompressed) == point.uncompressed)
        #expect(fromCompressed.description == point.compressed)
        #expect(try PublicKey(serialized: fromCompressed.compressed) == fromCompressed)
    }

    @Test func randomKeysRoundTrip() throws {
        for _ in 0..<20 {
            let key = PrivateKey.generate().publicKey
            #expect(try PublicKey(serialized: key.compressed) == key)
            #expect(try PublicKey(serialized: key.uncompressed) == key)
        }
    }

    static let invalidPoints: [(name: String, bytes: [UInt8])] = [
        ("x = 5 is not on the curve", hex("02" + "0000000000000000000000000000000000000000000000000000000000000005")),
        ("x = p", [0x02] + Curve.p),
        ("x = p + 1 (≡ 1, whose point exists)",
         hex("02" + "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc30")),
        ("x = 2^256 - 1", [0x03] + [UInt8](repeating: 0xff, count: 32)),
        ("x = 0", [0x02] + [UInt8](repeating: 0, count: 32)),
        ("uncompressed with y + 1", Array(Curve.gUncompressed.dropLast()) + [0xb9]),
        ("uncompressed with y ≥ p", Array(Curve.gUncompressed.prefix(33)) + Curve.p),
        ("0x04 prefix with 33 bytes", [0x04] + Array(Curve.gCompressed.dropFirst())),
        ("0x02 prefix with 65 bytes", [0x02] + Array(Curve.gUncompressed.dropFirst())),
        ("0x03 prefix with 65 bytes", [0x03] + Array(Curve.gUncompressed.dropFirst())),
        ("hybrid 0x06 (G has even y)", [0x06] + Array(Curve.gUncompressed.dropFirst())),
        ("hybrid 0x07", [0x07] + Array(Curve.gUncompressed.dropFirst())),
        ("prefix 0x00 with 33 bytes", [0x00] + Array(Curve.gCompressed.dropFirst())),
        ("prefix 0x05 with 65 bytes", [0x05] + Array(Curve.gUncompressed.dropFirst())),
    ]

    @Test(arguments: invalidPoints)
    func rejectsInvalidPoint(_ point: (name: String, bytes: [UInt8])) {
        #expect(throws: CryptoError.invalidPublicKey) { try PublicKey(serialized: point.bytes) }
    }

    static let wrongSizes = [0, 1, 32, 34, 64, 66]

    @Test(arguments: wrongSizes)
    func rejectsWrongSize(_ size: Int) {
        var bytes = [UInt8](repeating: 0x11, count: size)
        if size > 0 { bytes[0] = size > 40 ? 0x04 : 0x02 }
        #expect(throws: CryptoError.incorrectKeySize) { try PublicKey(serialized: bytes) }
    }

    @Test func hashableDistinguishesPoints() throws {
        let set: Set<PublicKey> = [
            PublicKey.generator, try PublicKey(serialized: Curve.twoG), try PublicKey(serialized: Curve.gUncompressed),
        ]
        #expect(set.count == 2)
    }
}
