import HFCrypto
import HFTestSupport
import Testing

@testable import HFWallet

/// Dice rolls as the entropy of a new phrase (issue 18): SHA-256 of the ASCII rolls, truncated, XORed with random.
@Suite struct DiceEntropyTests {
    /// SeedSigner's `test_50_dice_rolls` (the same as iancoleman.io/bip39's "Base 10" mode, 12 words), the worked
    /// example of hf-signer(1): published, so refused as rolls (issue 27); its hash is still the known answer.
    static let publishedRolls = "12345612345612345612345612345612345612345612345612"
    /// The first 50 of `ninetyNineRolls`: χ² 7.12, longest run 5, no repeating pattern.
    static let fiftyRolls = "21643224642434323613562222263552642633134264535553"
    /// 99 rolls of a die (Python's `random.randint(1, 6)`, seed 18): χ² 7.0, longest run 5.
    static let ninetyNineRolls = "216432246424343236135622222635526426331342645355533563513455246622266424545162535"
        + "365414242412615326"

    static func rolls(_ text: String, _ length: Mnemonic.GeneratedLength = .twelveWords) throws -> DiceEntropy {
        try DiceEntropy(text: Array(text.utf8), length: length)
    }

    // MARK: - Known answers

    /// `echo -n 1234…12 | sha256sum` = ee72ae915a4e6ea7ccbeb8e5e5eecef2 9a1d…: the first 16 bytes are the entropy
    /// (SeedSigner's known answer, at the hashing step: the rolls themselves are refused, see below).
    @Test func thePublishedRollsHashToSeedSignersTwelveWords() throws {
        let entropy = DiceEntropy.hashedEntropy(rolls: Array(Self.publishedRolls.utf8), byteCount: 16)
        #expect(TestHex.encode(entropy) == "ee72ae915a4e6ea7ccbeb8e5e5eecef2")
        #expect(Mnemonic(validatedEntropy: entropy).phrase
            == "unveil nice picture region tragic fault cream strike tourist control recipe tourist")
    }

    /// `echo -n 2164…53 | sha256sum` = 9ee393abba17cc28ee662275c6cfe2e3…: the first 16 bytes (checked with Python's
    /// hashlib and the BIP39 list, which gives SeedSigner's phrase for the published rolls).
    @Test func fiftyRollsAloneGiveTwelveWords() throws {
        let entropy = try Self.rolls(Self.fiftyRolls)
        #expect(entropy.count == 50)
        let mnemonic = entropy.mnemonic(mixing: nil)
        #expect(TestHex.encode(mnemonic.entropy) == "9ee393abba17cc28ee662275c6cfe2e3")
        #expect(mnemonic.phrase == "page broken turtle injury lamp behave ridge session into cushion weather shop")
        #expect(entropy.mnemonic(diceOnly: true) == mnemonic)
    }

    /// `echo -n ROLLS | sha256sum` = 6efa4b20…7933 05ff, all 32 bytes (checked with Python's hashlib and the list).
    @Test func ninetyNineRollsAloneGiveTwentyFourWords() throws {
        let mnemonic = try Self.rolls(Self.ninetyNineRolls, .twentyFourWords).mnemonic(mixing: nil)
        #expect(TestHex.encode(mnemonic.entropy)
            == "6efa4b209fd4c158aa35a5f6bdee078b96f4b96ebe79d7ac91bb22b4793305ff")
        #expect(mnemonic.phrase == "humble spoil sight distance equal proof potato regret wall urge limit blame "
            + "hungry frequent road song stumble goose human earth elegant office blood ticket")
    }

    /// Coldcard's "verifying dice roll math" sample (`123456`, 24 words), at the hashing step (6 rolls are far
    /// too few for the command).
    @Test func coldcardsSampleHash() {
        let entropy = DiceEntropy.hashedEntropy(rolls: Array("123456".utf8), byteCount: 32)
        #expect(Mnemonic(validatedEntropy: entropy).phrase == "mirror reject rookie talk pudding throw happy era "
            + "myth already payment own sentence push head sting video explain letter bomb casual hotel rather garment")
    }

    @Test func theRandomBytesAreXORedIn() throws {
        let twelve = try Self.rolls(Self.fiftyRolls).mnemonic(mixing: [UInt8](repeating: 0xFF, count: 16))
        #expect(TestHex.encode(twelve.entropy) == "611c6c5445e833d71199dd8a39301d1c")
        #expect(twelve.phrase
            == "genre toddler bench mesh lobster twist edit desert mechanic sister also decorate")
        let twentyFour = try Self.rolls(Self.ninetyNineRolls, .twentyFourWords).mnemonic(mixing: Array(1...32))
        #expect(twentyFour.phrase == "husband seat ankle cup cluster choose mind volume wide mandate acquire damage "
            + "lazy festival turkey hospital scheme picture choose infant main bird hidden tornado")
    }

    @Test func withTheSystemSourceTwoPhrasesOfTheSameRollsDiffer() throws {
        let entropy = try Self.rolls(Self.fiftyRolls)
        let a = entropy.mnemonic(diceOnly: false)
        let b = entropy.mnemonic(diceOnly: false)
        #expect(a != b)
        #expect(a != entropy.mnemonic(mixing: nil))
        #expect(a.wordCount == 12)
    }

    @Test func whitespaceIsIgnored() throws {
        let spaced = "216432 246424\t343236\n135622\r\n 22263552642633134264535553\n"
        #expect(try Self.rolls(spaced).mnemonic(mixing: nil) == Self.rolls(Self.fiftyRolls).mnemonic(mixing: nil))
    }

    @Test func minimumRolls() {
        #expect(DiceEntropy.minimumRolls(for: .twelveWords) == 50)
        #expect(DiceEntropy.minimumRolls(for: .twentyFourWords) == 99)
    }

    // MARK: - Boundaries that are accepted

    /// 8 equal rolls in a row is the most allowed; χ² 20.0 (counts 22, 12, 8, 6, 6, 6 of 60) is below 20.52.
    @Test func theLimitsThemselvesAreAccepted() throws {
        let eightThrees = "33333333" + String(repeating: "123456", count: 9)
        #expect(DiceEntropy.longestRunLength(Array(eightThrees.utf8)) == 8)
        #expect(try Self.rolls(eightThrees).mnemonic(mixing: nil).phrase
            == "garage spawn luxury just snap mansion weekend yellow achieve property amazing settle")
        let twenty = "121212121213121312131415161213141516123456123456123456123456"
        #expect(abs(DiceEntropy.chiSquare(Array(twenty.utf8)) - 20.0) < 1e-9)
        #expect(throws: Never.self) { try Self.rolls(twenty) }
    }

    // MARK: - Refusals

    @Test func tooFewRollsAreRefused() throws {
        #expect(throws: DiceError.tooFewRolls(count: 49, needed: 50)) {
            try Self.rolls(String(Self.fiftyRolls.dropLast()))
        }
        #expect(throws: DiceError.tooFewRolls(count: 98, needed: 99)) {
            try Self.rolls(String(Self.ninetyNineRolls.dropLast()), .twentyFourWords)
        }
        #expect(throws: DiceError.tooFewRolls(count: 50, needed: 99)) {
            try Self.rolls(Self.fiftyRolls, .twentyFourWords)
        }
        #expect(throws: DiceError.tooFewRolls(count: 0, needed: 50)) { try Self.rolls(" \n ") }
    }

    @Test(arguments: [("7", 51), ("0", 51), ("a", 51), (",", 51), ("\u{00B7}", 51)])
    func aCharacterThatIsNotARollIsRefused(extra: String, position: Int) throws {
        #expect(throws: DiceError.notARoll(position: position)) { try Self.rolls(Self.fiftyRolls + extra + "1") }
    }

    @Test func nineEqualRollsInARowAreRefused() throws {
        let nineThrees = "333333333" + String(repeating: "123456", count: 9)
        #expect(throws: DiceError.longRun(length: 9)) { try Self.rolls(nineThrees) }
        #expect(throws: DiceError.longRun(length: 50)) { try Self.rolls(String(repeating: "6", count: 50)) }
    }

    /// Counts 27, 9, 9, 5, 5, 5 of 60 rolls: χ² = (289 + 1 + 1 + 25 + 25 + 25) / 10 = 36.6 > 35.89; counts 27, 9,
    /// 6, 6, 6, 6: χ² = 35.4, accepted (and so is 21.8, refused at the earlier p < 0.001).
    @Test func unevenFacesAreRefused() throws {
        let uneven = "113646332341413141152242115116161121121335261111512151111323"
        #expect(abs(DiceEntropy.chiSquare(Array(uneven.utf8)) - 36.6) < 1e-9)
        #expect(throws: DiceError.unevenFaces(chiSquare: DiceEntropy.chiSquare(Array(uneven.utf8)))) {
            try Self.rolls(uneven)
        }
        let below = "113646332451414141162252115116161121121335261111512151111423"
        #expect(abs(DiceEntropy.chiSquare(Array(below.utf8)) - 35.4) < 1e-9)
        #expect(throws: Never.self) { try Self.rolls(below) }
        #expect(throws: Never.self) { try Self.rolls("121213121312131213141516121314151612131456123456123456123456") }
        // Only ones and twos, alternating: no long run, but χ² = (20² + 20² + 4 × 10²) / 10 = 120.
        let twoFaces = String(repeating: "12", count: 30)
        #expect(throws: DiceError.unevenFaces(chiSquare: 120)) { try Self.rolls(twoFaces) }
    }

    // MARK: - Rolls anyone could guess (issue 27)

    @Test func thePublishedExampleIsRefused() throws {
        #expect(throws: DiceError.published) { try Self.rolls(Self.publishedRolls) }
        // Spaced as the man page prints them, too.
        #expect(throws: DiceError.published) { try Self.rolls("123456 123456 123456 123456 123456 123456 123456 123456 12") }
        #expect(throws: DiceError.published) { try Self.rolls(Self.publishedRolls, .twelveWords) }
    }

    @Test func repeatingPatternsAreRefused() throws {
        #expect(throws: DiceError.repeating(period: 6)) { try Self.rolls(String(repeating: "123456", count: 20)) }
        #expect(throws: DiceError.repeating(period: 10)) { try Self.rolls(String(repeating: "1122334455", count: 10)) }
        #expect(throws: DiceError.repeating(period: 6)) {
            try Self.rolls(String(repeating: "123456", count: 17), .twentyFourWords)
        }
        // A period of exactly a third of the length is refused; a period above a third is not.
        let third = String(Self.fiftyRolls.prefix(17))
        let thrice = third + third + third
        #expect(DiceEntropy.shortestPeriod(Array(thrice.utf8)) == 17)
        #expect(throws: DiceError.repeating(period: 17)) { try Self.rolls(thrice) }
        #expect(throws: Never.self) { try Self.rolls(String(thrice.prefix(50))) }
        #expect(DiceEntropy.shortestPeriod(Array(Self.fiftyRolls.utf8)) == 50)
    }

    /// Honest rolls always pass: 1,000 seeded random sequences of 50 and of 99 rolls of a fair die.
    @Test func honestRollsPass() throws {
        var generator = SplitMix64(seed: 27)
        var refused: [String] = []
        for length in [50, 99] {
            for _ in 0..<1000 {
                let rolls = String((0..<length).map { _ in Character(String(generator.next() % 6 + 1)) })
                do { _ = try Self.rolls(rolls, length == 50 ? .twelveWords : .twentyFourWords) } catch {
                    refused.append("\(error)")
                }
            }
        }
        #expect(refused.isEmpty, "\(refused.count) honest sequences refused: \(refused.prefix(5))")
    }

    @Test func messagesSayWhatToDoAndNameNoRoll() throws {
        #expect(DiceError.notARoll(position: 3).description.hasPrefix("character 3 of the rolls is not a roll"))
        #expect(DiceError.tooFewRolls(count: 49, needed: 50).description.contains("needs at least 50"))
        #expect(DiceError.longRun(length: 9).description.contains("9 times in a row (at most 8"))
        let uneven = DiceError.unevenFaces(chiSquare: 36.6).description
        #expect(uneven.contains("chi-square 36.60, above 35.89"))
        #expect(DiceError.published.description.contains("never use them"))
        #expect(DiceError.repeating(period: 6).description.contains("repeat a pattern of 6 rolls"))
        #expect(try Self.rolls(Self.fiftyRolls).description == "DiceEntropy(50 rolls)")
    }
}

/// A small seeded generator (SplitMix64), so the honest-rolls test is the same on every run.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
