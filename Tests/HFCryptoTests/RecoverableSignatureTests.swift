import HFCrypto
import Testing

@Suite struct RecoverableSignatureTests {
    static let satoshiDigest = hex("a0dc65ffca799873cbea0ac274015b9526505daaaed385155425f7337704883e")

    /// Known answers (coincurve `sign_recoverable`, confirmed at development time): compact ‖ recovery id.
    static let knownAnswers: [(scalar: UInt64, compact: String, recoveryID: Int)] = [
        (1, "934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d8"
            + "2442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5", 1),
        (2, "a25eb12c6446bed840c93260c6e8f0e91f81b60c375538f0461463dd4fbd621e"
            + "583ccd150e446daaafda69717a14cc35117dac464917755e9d5a5695b98164c6", 0),
        (0xc0ffee, "feb2fca2b1899e423c05bf605729ae489db1709483fe9ed4d5b1375890111986"
            + "71eff6fb9a91e9488100770c6cb60f28cb8641f6c87905da9a013d415f25e1c0", 0),
    ]

    @Test(arguments: knownAnswers)
    func knownAnswer(_ vector: (scalar: UInt64, compact: String, recoveryID: Int)) throws {
        let key = try PrivateKey(rawRepresentation: Curve.scalar(vector.scalar))
        let signature = try key.recoverableSignature(forDigest: Self.satoshiDigest)
        #expect(hex(signature.compact) == vector.compact)
        #expect(signature.recoveryID == vector.recoveryID)
        #expect(try signature.signature == key.signature(forDigest: Self.satoshiDigest))
        #expect(try PublicKey(recovering: signature, forDigest: Self.satoshiDigest) == key.publicKey)
    }

    @Test func signAndRecoverRandomKeys() throws {
        for i in 0..<32 {
            let key = PrivateKey.generate()
            let digest = Hash.sha256(utf8("recover \(i)"))
            let signature = try key.recoverableSignature(forDigest: digest)
            #expect((0...3).contains(signature.recoveryID))
            #expect(try signature.signature.isLowS)
            #expect(try PublicKey(recovering: signature, forDigest: digest) == key.publicKey)
            #expect(key.publicKey.isValidSignature(try signature.signature, forDigest: digest))
        }
    }

    @Test func wrongDigestRecoversADifferentKey() throws {
        let key = try PrivateKey(rawRepresentation: Curve.scalar(0xc0ffee))
        let signature = try key.recoverableSignature(forDigest: Self.satoshiDigest)
        let recovered = try PublicKey(recovering: signature, forDigest: Hash.sha256(utf8("other")))
        #expect(recovered != key.publicKey)
    }

    @Test func otherRecoveryIDDoesNotGiveTheKey() throws {
        let key = try PrivateKey(rawRepresentation: Curve.scalar(0xc0ffee))
        let signature = try key.recoverableSignature(forDigest: Self.satoshiDigest)
        let flipped = try RecoverableSignature(compact: signature.compact, recoveryID: signature.recoveryID ^ 1)
        #expect((try? PublicKey(recovering: flipped, forDigest: Self.satoshiDigest)) != key.publicKey)
    }

    static let badRecoveryIDs = [-1, 4, 5, 27, 31, Int.max, Int.min]

    @Test(arguments: badRecoveryIDs)
    func recoveryIDOutOfRange(_ id: Int) {
        #expect(throws: CryptoError.invalidSignatureEncoding) {
            try RecoverableSignature(compact: Curve.scalar(1) + Curve.scalar(1), recoveryID: id)
        }
    }

    static let badCompacts: [(name: String, bytes: [UInt8])] = [
        ("63 bytes", [UInt8](repeating: 1, count: 63)),
        ("65 bytes", [UInt8](repeating: 1, count: 65)),
        ("r = n", Curve.n + Curve.scalar(1)),
        ("s = n", Curve.scalar(1) + Curve.n),
        ("r = 0", Curve.scalar(0) + Curve.scalar(1)),
        ("s = 0", Curve.scalar(1) + Curve.scalar(0)),
    ]

    @Test(arguments: badCompacts)
    func invalidCompact(_ vector: (name: String, bytes: [UInt8])) {
        #expect(throws: CryptoError.invalidSignatureEncoding) {
            try RecoverableSignature(compact: vector.bytes, recoveryID: 0)
        }
    }

    @Test func recoverRejectsWrongDigestSize() throws {
        let signature = try PrivateKey(rawRepresentation: Curve.scalar(1))
            .recoverableSignature(forDigest: Self.satoshiDigest)
        #expect(throws: CryptoError.incorrectParameterSize) {
            try PublicKey(recovering: signature, forDigest: Array(Self.satoshiDigest.prefix(31)))
        }
        #expect(throws: CryptoError.incorrectParameterSize) {
            try PrivateKey(rawRepresentation: Curve.scalar(1)).recoverableSignature(forDigest: [])
        }
    }

    /// r = 1 with recovery id 0: x = 1 is a valid x coordinate on secp256k1, so recovery may succeed; with an x that
    /// is not on the curve (r = 5), recovery must fail.
    @Test func recoveryFailsWhenRIsNotAnX() throws {
        let signature = try RecoverableSignature(compact: Curve.scalar(5) + Curve.scalar(1), recoveryID: 0)
        #expect(throws: CryptoError.recoveryFailed) {
            try PublicKey(recovering: signature, forDigest: Self.satoshiDigest)
        }
    }
}
