import HFCrypto
import Testing

/// Known answers from FIPS 180-4 / NIST CSHA examples, the RIPEMD-160 paper and Bitcoin's HASH160 of G.
@Suite struct HashTests {
    static let nist448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
    static let nist896 =
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
        + "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"

    static let sha256Cases: [(message: String, digest: String)] = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (nist448, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (nist896, "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ]

    @Test(arguments: sha256Cases)
    func sha256NIST(_ vector: (message: String, digest: String)) {
        #expect(hex(Hash.sha256(utf8(vector.message))) == vector.digest)
        // The buffer form must agree with the array form.
        let viaBuffer = utf8(vector.message).withUnsafeBytes { Hash.sha256(buffer: $0) }
        #expect(hex(viaBuffer) == vector.digest)
    }

    @Test func sha256OneMillionA() {
        let message = [UInt8](repeating: 0x61, count: 1_000_000)
        #expect(hex(Hash.sha256(message)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func sha256EmptyBufferWithNilBase() {
        let empty = UnsafeRawBufferPointer(start: nil, count: 0)
        #expect(hex(Hash.sha256(buffer: empty)) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex(Hash.hash256(buffer: empty)) == "5df6e0e2761359d30a8275058e299fcc0381534545f55cf43e41983f5d4c9456")
    }

    static let hash256Cases: [(message: String, digest: String)] = [
        ("", "5df6e0e2761359d30a8275058e299fcc0381534545f55cf43e41983f5d4c9456"),
        ("abc", "4f8b42c22dd3729b519ba6f68d2da7cc5b2d606d05daed5ad5128cc03e6c6358"),
        ("hello", "9595c9df90075148eb06860365df33584b75bff782a510c6cd4883a419833d50"),
    ]

    @Test(arguments: hash256Cases)
    func doubleSHA256(_ vector: (message: String, digest: String)) {
        #expect(hex(Hash.hash256(utf8(vector.message))) == vector.digest)
        #expect(hex(utf8(vector.message).withUnsafeBytes { Hash.hash256(buffer: $0) }) == vector.digest)
        #expect(Hash.hash256(utf8(vector.message)) == Hash.sha256(Hash.sha256(utf8(vector.message))))
        var out = [UInt8](repeating: 0xaa, count: 32)
        utf8(vector.message).withUnsafeBytes { input in
            out.withUnsafeMutableBytes { Hash.hash256(buffer: input, into: $0) }
        }
        #expect(hex(out) == vector.digest)
    }

    /// The into-buffer form may hash a buffer in place (the 32-byte output overwrites its own input).
    @Test func doubleSHA256InPlace() {
        var bytes = Hash.sha256(utf8("abc"))
        bytes.withUnsafeMutableBytes { Hash.hash256(buffer: UnsafeRawBufferPointer($0), into: $0) }
        #expect(bytes == Hash.hash256(Hash.sha256(utf8("abc"))))
    }

    static let sha512Cases: [(message: String, digest: String)] = [
        ("", "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
            + "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"),
        ("abc", "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
            + "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"),
        (nist896, "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
            + "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909"),
    ]

    @Test(arguments: sha512Cases)
    func sha512NIST(_ vector: (message: String, digest: String)) {
        #expect(hex(Hash.sha512(utf8(vector.message))) == vector.digest)
    }

    /// Dobbertin, Bosselaers, Preneel: "RIPEMD-160: A Strengthened Version of RIPEMD", test vectors.
    static let ripemd160Cases: [(message: String, digest: String)] = [
        ("", "9c1185a5c5e9fc54612808977ee8f548b2258d31"),
        ("a", "0bdc9d2d256b3ee9daae347be6f4dc835a467ffe"),
        ("abc", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"),
        ("message digest", "5d0689ef49d2fae572b881b123a85ffa21595f36"),
        ("abcdefghijklmnopqrstuvwxyz", "f71c27109c692c1b56bbdceb5b9d2865b3708dbc"),
        (nist448, "12a053384a9c0c88e405a06c27dcf49ada62eb2b"),
    ]

    @Test(arguments: ripemd160Cases)
    func ripemd160Paper(_ vector: (message: String, digest: String)) {
        #expect(hex(Hash.ripemd160(utf8(vector.message))) == vector.digest)
    }

    @Test func ripemd160OneMillionA() {
        let message = [UInt8](repeating: 0x61, count: 1_000_000)
        #expect(hex(Hash.ripemd160(message)) == "52783243c1697bdbe16d37f97f68f08325dc1528")
    }

    @Test func hash160OfGenerator() {
        #expect(hex(Hash.hash160(Curve.gCompressed)) == "751e76e8199196d454941c45d1b3a323f1433bd6")
        #expect(Hash.hash160(Curve.gCompressed) == Hash.ripemd160(Hash.sha256(Curve.gCompressed)))
    }

    @Test func outputLengths() {
        let input = utf8("length")
        #expect(Hash.sha256(input).count == 32)
        #expect(Hash.hash256(input).count == 32)
        #expect(Hash.sha512(input).count == 64)
        #expect(Hash.ripemd160(input).count == 20)
        #expect(Hash.hash160(input).count == 20)
    }

    @Test func differentInputsDiffer() {
        #expect(Hash.sha256(utf8("abc")) != Hash.sha256(utf8("abd")))
        #expect(Hash.sha256([0x00]) != Hash.sha256([]))
    }
}
