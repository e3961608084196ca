import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

@testable import HFWallet

@Suite struct MnemonicTests {
    /// Every English row of trezor.vectors.json: entropy → phrase, phrase → seed ("TREZOR"), seed → master xprv.
    @Test func trezorEnglishVectors() throws {
        guard let file = try Fixtures.object("bip39/trezor.vectors.json") else { return }
        let rows = try #require(file["english"] as? [[String]])
        #expect(rows.count == 24)
        for row in rows {
            try #require(row.count == 4)
            let fromEntropy = try Mnemonic(entropy: TestHex.decode(row[0]))
            #expect(fromEntropy.phrase == row[1])
            let fromPhrase = try Mnemonic(phrase: row[1])
            #expect(TestHex.encode(fromPhrase.entropy) == row[0])
            #expect(fromPhrase == fromEntropy)
            #expect(fromPhrase.wordCount == row[1].split(separator: " ").count)
            let seed = fromPhrase.seed(passphrase: "TREZOR")
            #expect(TestHex.encode(seed.bytes) == row[2])
            #expect(try ExtendedKey(seed: seed).string(network: .main) == row[3])
        }
    }

    @Test func wrongWordCountsAreRejected() {
        for count in [0, 1, 11, 13, 14, 16, 23, 25, 48] {
            let phrase = Array(repeating: "abandon", count: count).joined(separator: " ")
            #expect(throws: MnemonicError.invalidWordCount(count)) { try Mnemonic(phrase: phrase) }
        }
    }

    @Test func unknownWordIsNamedByPositionOnly() {
        var words = Fixtures.abandonPhrase.split(separator: " ").map(String.init)
        words[6] = "abandonx"
        #expect(throws: MnemonicError.unknownWord(position: 7)) { try Mnemonic(phrase: words.joined(separator: " ")) }
        let message = MnemonicError.unknownWord(position: 7).description
        #expect(message == "word 7 is not in the BIP39 English list")
        #expect(!message.contains("abandon"))
    }

    @Test func badChecksumIsRejected() {
        // "abandon" × 12 has the right length and known words, but its checksum word should be "about".
        let phrase = Array(repeating: "abandon", count: 12).joined(separator: " ")
        #expect(throws: MnemonicError.badChecksum) { try Mnemonic(phrase: phrase) }
        let swapped = "about abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon"
        #expect(throws: MnemonicError.badChecksum) { try Mnemonic(phrase: swapped) }
        let last24 = Array(repeating: "zoo", count: 23).joined(separator: " ") + " zoo"
        #expect(throws: MnemonicError.badChecksum) { try Mnemonic(phrase: last24) }
    }

    @Test func inputIsNormalized() throws {
        let messy =
            "  Abandon\tabandon  abandon\nabandon abandon ABANDON abandon abandon\r\nabandon abandon abandon About \n"
        let mnemonic = try Mnemonic(phrase: messy)
        #expect(mnemonic.phrase == Fixtures.abandonPhrase)
        #expect(mnemonic == (try Mnemonic(phrase: Fixtures.abandonPhrase)))
        // Seed comes from the canonical phrase.
        #expect(
            TestHex.encode(mnemonic.seed().bytes)
                == "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1"
                + "9a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4")
    }

    @Test func passphraseIsNFKDNormalized() throws {
        let mnemonic = try Mnemonic(phrase: Fixtures.abandonPhrase)
        // U+00E9 (precomposed é) and "e" + U+0301 give the same NFKD passphrase, so the same seed.
        let precomposed = mnemonic.seed(passphrase: "caf\u{00E9}").bytes
        let decomposed = mnemonic.seed(passphrase: "cafe\u{0301}").bytes
        #expect(precomposed == decomposed)
        #expect(precomposed != mnemonic.seed().bytes)
        // A compatibility character: the ligature "ﬁ" (U+FB01) is NFKD "fi".
        #expect(mnemonic.seed(passphrase: "\u{FB01}").bytes == mnemonic.seed(passphrase: "fi").bytes)
    }

    @Test(arguments: [16, 20, 24, 28, 32])
    func entropyRoundTrip(length: Int) throws {
        let entropy = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let mnemonic = try Mnemonic(entropy: entropy)
        #expect(mnemonic.wordCount == length * 3 / 4)
        let parsed = try Mnemonic(phrase: mnemonic.phrase)
        #expect(parsed.entropy == entropy)
    }

    @Test func invalidEntropyLengths() {
        for length in [0, 15, 17, 33, 64] {
            #expect(throws: MnemonicError.invalidEntropyLength(length)) {
                try Mnemonic(entropy: [UInt8](repeating: 1, count: length))
            }
        }
    }

    @Test func generatedPhrasesHave12Or24WordsAndParse() throws {
        for length in Mnemonic.GeneratedLength.allCases {
            let a = Mnemonic.generate(length)
            let b = Mnemonic.generate(length)
            #expect(a.wordCount == length.rawValue)
            #expect(a.words.count == length.rawValue)
            #expect(a != b)
            #expect(try Mnemonic(phrase: a.phrase) == a)
        }
        #expect(Mnemonic.generate().wordCount == 24)
    }

    @Test func descriptionHidesTheWords() throws {
        let mnemonic = try Mnemonic(phrase: Fixtures.abandonPhrase)
        #expect(mnemonic.description == "Mnemonic(12 words)")
        #expect(!"\(mnemonic)".contains("abandon"))
        #expect(mnemonic.seed().description == "SecureBytes(64 bytes)")
    }
}
