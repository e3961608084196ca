import HFCrypto
import Testing

/// ECDH (`PrivateKey.sharedPoint`), scalar tweaks and point arithmetic on `PrivateKey` and `PublicKey`.
@Suite struct KeyArithmeticTests {
    static let a = Curve.scalar(0xc0ffee)
    static let b = Curve.scalar(0xdecaf)

    // MARK: ECDH

    @Test func sharedPointKnownAnswer() throws {
        let alice = try PrivateKey(rawRepresentation: Self.a)
        let bob = try PrivateKey(rawRepresentation: Self.b)
        let expected = "037898560178a6dc1d99fdc4f7e402681f9e695f2497b695e94d7b78a2699e8c16"  // coincurve
        #expect(hex(try alice.sharedPoint(with: bob.publicKey).compressed) == expected)
        #expect(hex(try bob.sharedPoint(with: alice.publicKey).compressed) == expected)
    }

    @Test func sharedPointIsSymmetric() throws {
        for _ in 0..<16 {
            let x = PrivateKey.generate()
            let y = PrivateKey.generate()
            #expect(try x.sharedPoint(with: y.publicKey) == y.sharedPoint(with: x.publicKey))
        }
    }

    @Test func sharedPointWithOneIsTheOtherKey() throws {
        let one = try PrivateKey(rawRepresentation: Curve.scalar(1))
        let other = try PrivateKey(rawRepresentation: Self.b).publicKey
        #expect(try one.sharedPoint(with: other) == other)
        // 2 · 3G = 6G.
        let two = try PrivateKey(rawRepresentation: Curve.scalar(2))
        #expect(hex(try two.sharedPoint(with: PublicKey(serialized: Curve.threeG)).compressed) == hex(Curve.sixG))
    }

    // MARK: Tweaks

    @Test func privateAndPublicTweaksAgree() throws {
        let key = try PrivateKey(rawRepresentation: Self.a)
        let tweaked = try key.adding(tweak: Self.b)
        #expect(hex(tweaked.rawRepresentation) == hex(Curve.scalar(0xc0ffee + 0xdecaf)))
        let publicTweaked = try key.publicKey.adding(tweakTimesGenerator: Self.b)
        #expect(tweaked.publicKey == publicTweaked)
        #expect(hex(publicTweaked.compressed) == "039b70f371d970bf10fdc32d6e18d37aeb1c6d02f8d83345daea0ae118efb94a0d")
        for _ in 0..<8 {
            let k = PrivateKey.generate()
            let t = PrivateKey.generate().rawRepresentation
            #expect(try k.adding(tweak: t).publicKey == k.publicKey.adding(tweakTimesGenerator: t))
        }
    }

    @Test func additionWrapsModuloN() throws {
        let key = try PrivateKey(rawRepresentation: Curve.nMinus1)
        #expect(hex(try key.adding(tweak: Curve.scalar(2)).rawRepresentation) == hex(Curve.scalar(1)))
        #expect(try key.publicKey.adding(tweakTimesGenerator: Curve.scalar(2)) == PublicKey.generator)
    }

    @Test func zeroTweakIsIdentity() throws {
        let key = try PrivateKey(rawRepresentation: Self.a)
        #expect(try key.adding(tweak: Curve.scalar(0)) == key)
        #expect(try key.publicKey.adding(tweakTimesGenerator: Curve.scalar(0)) == key.publicKey)
    }

    static let tweaksAtLeastN: [[UInt8]] = [Curve.n, Curve.nPlus1, [UInt8](repeating: 0xff, count: 32)]

    @Test(arguments: tweaksAtLeastN)
    func tweakAtLeastNRejected(_ tweak: [UInt8]) throws {
        let key = try PrivateKey(rawRepresentation: Self.a)
        #expect(throws: CryptoError.invalidTweak) { try key.adding(tweak: tweak) }
        #expect(throws: CryptoError.invalidTweak) { try key.publicKey.adding(tweakTimesGenerator: tweak) }
    }

    @Test func tweakYieldingZeroRejected() throws {
        let key = try PrivateKey(rawRepresentation: Self.a)
        let negation = Curve.nMinus(0xc0ffee)
        #expect(throws: CryptoError.invalidTweak) { try key.adding(tweak: negation) }
        #expect(throws: CryptoError.invalidTweak) { try key.publicKey.adding(tweakTimesGenerator: negation) }
        // The key itself is untouched by the failed tweak.
        #expect(hex(key.rawRepresentation) == hex(Self.a))
    }

    static let wrongTweakSizes = [0, 31, 33, 64]

    @Test(arguments: wrongTweakSizes)
    func tweakWrongSize(_ size: Int) throws {
        let key = try PrivateKey(rawRepresentation: Self.a)
        let tweak = [UInt8](repeating: 1, count: size)
        #expect(throws: CryptoError.incorrectParameterSize) { try key.adding(tweak: tweak) }
        #expect(throws: CryptoError.incorrectParameterSize) { try key.publicKey.adding(tweakTimesGenerator: tweak) }
        #expect(throws: CryptoError.incorrectParameterSize) { try key.publicKey.multiplied(by: tweak) }
    }

    // MARK: Point arithmetic

    @Test func multipliedBy() throws {
        let threeG = try PublicKey(serialized: Curve.threeG)
        #expect(hex(try threeG.multiplied(by: Curve.scalar(2)).compressed) == hex(Curve.sixG))
        #expect(try PublicKey.generator.multiplied(by: Curve.scalar(1)) == PublicKey.generator)
        #expect(hex(try PublicKey.generator.multiplied(by: Curve.nMinus1).compressed) == hex(Curve.minusG))
        let key = try PrivateKey(rawRepresentation: Self.a)
        #expect(try PublicKey.generator.multiplied(by: Self.a) == key.publicKey)
        let other = try PrivateKey(rawRepresentation: Self.b).publicKey
        #expect(try key.publicKey.multiplied(by: Self.b) == key.sharedPoint(with: other))
    }

    static let invalidMultipliers: [[UInt8]] = [
        Curve.scalar(0), Curve.n, Curve.nPlus1, [UInt8](repeating: 0xff, count: 32),
    ]

    @Test(arguments: invalidMultipliers)
    func multiplierOutOfRange(_ scalar: [UInt8]) {
        #expect(throws: CryptoError.invalidTweak) { try PublicKey.generator.multiplied(by: scalar) }
    }

    @Test func combine() throws {
        let g = PublicKey.generator
        let twoG = try PublicKey(serialized: Curve.twoG)
        let threeG = try PublicKey(serialized: Curve.threeG)
        #expect(try PublicKey.combine([g, twoG]) == threeG)
        #expect(try PublicKey.combine([g, g]) == twoG)
        #expect(hex(try PublicKey.combine([g, twoG, threeG]).compressed) == hex(Curve.sixG))
        #expect(try PublicKey.combine([threeG]) == threeG)
        let x = PrivateKey.generate()
        let y = PrivateKey.generate()
        let sum = try x.publicKey.adding(tweakTimesGenerator: y.rawRepresentation)
        #expect(try PublicKey.combine([x.publicKey, y.publicKey]) == sum)
    }

    @Test func combineToInfinityRejected() throws {
        let minusG = try PublicKey(serialized: Curve.minusG)
        #expect(throws: CryptoError.invalidTweak) { try PublicKey.combine([PublicKey.generator, minusG]) }
    }

    @Test func combineEmptyRejected() {
        #expect(throws: CryptoError.incorrectParameterSize) { try PublicKey.combine([]) }
    }
}
