import HFCrypto
import HFTestSupport
import Testing

@Suite struct ECDSASignatureTests {
    struct RFC6979Case: Sendable, CustomTestStringConvertible {
        let key: [UInt8]
        let message: String
        let r: String
        let s: String
        var testDescription: String { "\(hex(key).prefix(8))… / \(message.prefix(20))" }
    }

    /// The widely published secp256k1 RFC 6979 (HMAC-SHA256 nonce) vectors, message hashed with SHA-256, low-S.
    /// Each was confirmed at development time with python-ecdsa (`sign_digest_deterministic`) and coincurve.
    static let rfc6979: [RFC6979Case] = [
        RFC6979Case(
            key: Curve.scalar(1), message: "Satoshi Nakamoto",
            r: "934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d8",
            s: "2442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5"),
        RFC6979Case(
            key: Curve.scalar(1),
            message: "All those moments will be lost in time, like tears in rain. Time to die...",
            r: "8600dbd41e348fe5c9465ab92d23e3db8b98b873beecd930736488696438cb6b",
            s: "547fe64427496db33bf66019dacbf0039c04199abb0122918601db38a72cfc21"),
        RFC6979Case(
            key: Curve.nMinus1, message: "Satoshi Nakamoto",
            r: "fd567d121db66e382991534ada77a6bd3106f0a1098c231e47993447cd6af2d0",
            s: "6b39cd0eb1bc8603e159ef5c20a5c8ad685a45b06ce9bebed3f153d10d93bed5"),
        RFC6979Case(
            key: hex("f8b8af8ce3c7cca5e300d33939540c10d45ce001b8f252bfbc57ba0342904181"), message: "Alan Turing",
            r: "7063ae83e7f62bbb171798131b4a0564b956930092b33b07b395615d9ec7e15c",
            s: "58dfcc1e00a35e1572f366ffe34ba0fc47db1e7189759b9fb233c5b05ab388ea"),
        RFC6979Case(
            key: hex("e91671c46231f833a6406ccbea0e3e392c76c167bac1cb013f6f1013980455c2"),
            message: "There is a computer disease that anybody who works with computers knows about. It's a very "
                + "serious disease and it totally prevents you from working with computers.",
            r: "c1fcb3b8f9864046ef818d67188fce78e8da64a5f280074f43f6402fed41519d",
            s: "684edc6723ea97d5a69d67b12d75c13342a5f831cdd41fe63bee0234430e6190"),
    ]

    @Test(arguments: rfc6979)
    func rfc6979KnownAnswers(_ vector: RFC6979Case) throws {
        let key = try PrivateKey(rawRepresentation: vector.key)
        let digest = Hash.sha256(utf8(vector.message))
        let signature = try key.signature(forDigest: digest)
        #expect(hex(Array(signature.compact[0..<32])) == vector.r)
        #expect(hex(Array(signature.compact[32..<64])) == vector.s)
        #expect(signature.isLowS)
        #expect(key.publicKey.isValidSignature(signature, forDigest: digest))
        // Deterministic: signing again gives the same bytes.
        #expect(try key.signature(forDigest: digest) == signature)
    }

    /// The DER for the first RFC 6979 vector, written out by hand.
    static let satoshiDER = hex(
        "3045022100934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d8"
            + "02202442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5")
    static let satoshiDigest = hex("a0dc65ffca799873cbea0ac274015b9526505daaaed385155425f7337704883e")

    @Test func derOfKnownSignature() throws {
        let key = try PrivateKey(rawRepresentation: Curve.scalar(1))
        let signature = try key.signature(forDigest: Self.satoshiDigest)
        #expect(hex(signature.derRepresentation) == hex(Self.satoshiDER))
        #expect(try ECDSASignature(derRepresentation: Self.satoshiDER) == signature)
    }

    /// `sighash/forkid-p2pkh-sign.generated.json`: reproduce each input's DER signature from (key, sighash).
    @Test func p2pkhSigningVector() throws {
        guard let object = try Vectors.json("sighash/forkid-p2pkh-sign.generated.json") else { return }
        let root = try #require(object as? [String: Any])
        let inputs = try #require(root["inputs"] as? [[String: Any]])
        #expect(inputs.count == 2)
        for input in inputs {
            let key = try PrivateKey(rawRepresentation: hex(try #require(input["privateKeyHex"] as? String)))
            let sighash = hex(try #require(input["sighashHex"] as? String))
            let sighashType = try #require(input["sighashType"] as? Int)
            let unlocking = hex(try #require(input["unlockingScriptHex"] as? String))
            // <push L> <DER ‖ sighash byte> <push 33> <pubkey>
            let pushLength = Int(unlocking[0])
            let expectedDER = Array(unlocking[1..<pushLength])
            #expect(Int(unlocking[pushLength]) == sighashType)
            let pubkey = Array(unlocking[(pushLength + 2)...])
            #expect(hex(pubkey) == (input["publicKeyHex"] as? String))
            #expect(key.publicKey.compressed == pubkey)

            let signature = try key.signature(forDigest: sighash)
            #expect(hex(signature.derRepresentation) == hex(expectedDER))
            #expect(signature.isLowS)
            let parsed = try ECDSASignature(derRepresentation: expectedDER)
            #expect(parsed == signature)
            #expect(try PublicKey(serialized: pubkey).isValidSignature(parsed, forDigest: sighash))
        }
    }

    @Test func verifyTrueAndFalse() throws {
        let key = try PrivateKey(rawRepresentation: Curve.scalar(0xc0ffee))
        let other = try PrivateKey(rawRepresentation: Curve.scalar(0xdecaf))
        let digest = Hash.sha256(utf8("message"))
        let signature = try key.signature(forDigest: digest)
        #expect(key.publicKey.isValidSignature(signature, forDigest: digest))
        #expect(!key.publicKey.isValidSignature(signature, forDigest: Hash.sha256(utf8("messagf"))))
        #expect(!other.publicKey.isValidSignature(signature, forDigest: digest))
        #expect(!key.publicKey.isValidSignature(signature, forDigest: Array(digest.prefix(31))))
        #expect(!key.publicKey.isValidSignature(signature, forDigest: digest + [0]))
        var tampered = signature.compact
        tampered[40] ^= 0x01
        #expect(!key.publicKey.isValidSignature(try ECDSASignature(compactRepresentation: tampered), forDigest: digest))
    }

    @Test func alwaysLowS() throws {
        for i in 0..<64 {
            let key = PrivateKey.generate()
            let digest = Hash.sha256(utf8("low-s \(i)"))
            let signature = try key.signature(forDigest: digest)
            #expect(signature.isLowS)
            #expect(Array(signature.compact[32..<64]).lexicographicallyPrecedes(Curve.halfN)
                || Array(signature.compact[32..<64]) == Curve.halfN)
        }
    }

    /// The shared libsecp256k1 context is used read-only from many threads at once.
    @Test func concurrentSigningIsDeterministic() async throws {
        let key = try PrivateKey(rawRepresentation: Curve.scalar(1))
        let expected = try key.signature(forDigest: Self.satoshiDigest)
        let results = await withTaskGroup(of: ECDSASignature?.self) { group in
            for _ in 0..<64 {
                group.addTask { try? key.signature(forDigest: Self.satoshiDigest) }
            }
            var all: [ECDSASignature?] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 64)
        #expect(results.allSatisfy { $0 == expected })
    }

    @Test func signRejectsWrongDigestSize() throws {
        let key = try PrivateKey(rawRepresentation: Curve.scalar(1))
        for size in [0, 20, 31, 33, 64] {
            #expect(throws: CryptoError.incorrectParameterSize) {
                try key.signature(forDigest: [UInt8](repeating: 1, count: size))
            }
        }
    }

    /// n − s for the Satoshi vector: the same signature in high-S form.
    static let satoshiHighS = hex(
        "934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d8"
            + "dbbd3162d46e9f9bef7feb87c16dc13b4f6568a87f4e83f728e2443ba586675c")

    @Test func highSRejectedUnlessAllowed() throws {
        let key = PublicKey.generator
        let high = try ECDSASignature(compactRepresentation: Self.satoshiHighS)
        #expect(!high.isLowS)
        #expect(!key.isValidSignature(high, forDigest: Self.satoshiDigest))
        #expect(key.isValidSignature(high, forDigest: Self.satoshiDigest, allowHighS: true))
        // High-S survives a DER round trip (parsing does not normalize).
        let der = high.derRepresentation
        #expect(der.count == 72)
        #expect(try ECDSASignature(derRepresentation: der) == high)
        #expect(!key.isValidSignature(high, forDigest: Hash.sha256(utf8("x")), allowHighS: true))
    }

    @Test func halfNIsLowS() throws {
        let signature = try ECDSASignature(compactRepresentation: Curve.scalar(1) + Curve.halfN)
        #expect(signature.isLowS)
        var justAbove = Curve.halfN
        justAbove[31] += 1
        #expect(try !ECDSASignature(compactRepresentation: Curve.scalar(1) + justAbove).isLowS)
    }

    // MARK: - Compact form

    static let invalidCompact: [(name: String, bytes: [UInt8])] = [
        ("empty", []),
        ("63 bytes", [UInt8](repeating: 1, count: 63)),
        ("65 bytes", [UInt8](repeating: 1, count: 65)),
        ("r = n", Curve.n + Curve.scalar(1)),
        ("s = n", Curve.scalar(1) + Curve.n),
        ("r = 2^256 - 1", [UInt8](repeating: 0xff, count: 32) + Curve.scalar(1)),
        ("r = 0", Curve.scalar(0) + Curve.scalar(1)),
        ("s = 0", Curve.scalar(1) + Curve.scalar(0)),
    ]

    @Test(arguments: invalidCompact)
    func rejectsInvalidCompact(_ vector: (name: String, bytes: [UInt8])) {
        #expect(throws: CryptoError.invalidSignatureEncoding) {
            try ECDSASignature(compactRepresentation: vector.bytes)
        }
    }

    @Test func compactRoundTrip() throws {
        let boundary = try ECDSASignature(compactRepresentation: Curve.nMinus1 + Curve.nMinus1)
        #expect(boundary.compact == Curve.nMinus1 + Curve.nMinus1)
        #expect(try ECDSASignature(derRepresentation: boundary.derRepresentation) == boundary)
    }

    // MARK: - Strict DER (BIP 66 rules, without the sighash byte)

    static let r = "934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d8"
    static let s = "2442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5"

    static let validDER: [(name: String, der: String)] = [
        ("RFC 6979 vector", "3045022100" + r + "0220" + s),
        ("r = s = 1", "3006020101020101"),
        ("r needs its 0x00 pad, s = 0x80", "30070201010202" + "0080"),
        ("n − 1, n − 1",
         "3046022100fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140"
            + "022100fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140"),
    ]

    @Test(arguments: validDER)
    func acceptsStrictDER(_ vector: (name: String, der: String)) throws {
        let signature = try ECDSASignature(derRepresentation: hex(vector.der))
        #expect(hex(signature.derRepresentation) == vector.der)
        #expect(try ECDSASignature(compactRepresentation: signature.compact) == signature)
    }

    static let invalidDER: [(name: String, der: String)] = [
        ("empty", ""),
        ("too short (7 bytes)", "30050201010201"),
        ("over 72 bytes",
         "3047022100" + r + "022200" + "00" + s),
        ("wrong sequence tag 0x31", "3145022100" + r + "0220" + s),
        ("wrong sequence tag 0x10", "1045022100" + r + "0220" + s),
        ("total length too large", "3046022100" + r + "0220" + s),
        ("total length too small", "3044022100" + r + "0220" + s),
        ("long-form total length", "308145022100" + r + "0220" + s),
        ("r integer tag 0x03", "3045032100" + r + "0220" + s),
        ("s integer tag 0x03", "3045022100" + r + "0320" + s),
        ("r length runs past the end", "30450250" + "00" + r + "0220" + s),
        ("r and s lengths do not add up", "3045022000" + r + "0220" + s),
        ("s length too short", "3045022100" + r + "021f" + s),
        ("s length too long", "3045022100" + r + "0221" + s),
        ("zero-length r", "3006020002020101"),
        ("zero-length s", "3006020201010200"),
        ("negative r (0x93… without pad)", "30440220" + r + "0220" + s),
        ("negative s", "30080201010203800001"),
        ("excess zero padding on r", "3046022200" + "00" + r + "0220" + s),
        ("r = 0x00 0x01 (unneeded pad)", "300702020001020101"),
        ("excess zero padding on s", "3046022100" + r + "022100" + s),
        ("trailing byte", "3045022100" + r + "0220" + s + "01"),
        ("trailing sighash byte", "3045022100" + r + "0220" + s + "41"),
        ("r = 0", "3006020100020101"),
        ("s = 0", "3006020101020100"),
        ("r = n", "3026022100fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141020101"),
        ("s = n", "3026020101022100fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"),
        ("r = 2^256 + … (33 significant bytes)",
         "30260221010000000000000000000000000000000000000000000000000000000000000001020101"),
    ]

    @Test(arguments: invalidDER)
    func rejectsNonStrictDER(_ vector: (name: String, der: String)) {
        #expect(throws: CryptoError.invalidSignatureEncoding) {
            try ECDSASignature(derRepresentation: hex(vector.der))
        }
    }

    @Test func derIsAtMost72Bytes() throws {
        for i in 0..<32 {
            let signature = try PrivateKey.generate().signature(forDigest: Hash.sha256([UInt8(i)]))
            let der = signature.derRepresentation
            #expect(der.count <= 71)  // low-S: s never needs a pad byte
            #expect(der.count >= 8)
            #expect(try ECDSASignature(derRepresentation: der) == signature)
        }
    }
}
