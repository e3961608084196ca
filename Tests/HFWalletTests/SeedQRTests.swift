import HFTestSupport
import Testing

@testable import HFWallet

/// The SeedQR payload codec (issue 18) against the test vectors of SeedSigner's `docs/seed_qr/README.md`.
@Suite struct SeedQRTests {
    /// One vector of the specification: the phrase, the Standard digit stream, the CompactSeedQR bytes in hex (the
    /// spec prints them as Python byte literals; converted by hand and checked against its bitstreams).
    struct Vector: Sendable, CustomStringConvertible {
        let number: Int
        let phrase: String
        let digits: String
        let compactHex: String
        var description: String { "vector \(number)" }
    }

    static let vectors = [
        Vector(
            number: 1,
            phrase: "attack pizza motion avocado network gather crop fresh patrol unusual wild holiday candy pony "
                + "ranch winter theme error hybrid van cereal salon goddess expire",
            digits: "011513251154012711900771041507421289190620080870026613431420201617920614089619290300152408010643",
            compactHex: "0e74b64107f94cc0ccfae6a13dcbec3662154fec67e0e00999c07892597d190a"),
        // \x00 in the compact bytes.
        Vector(
            number: 2,
            phrase: "atom solve joy ugly ankle message setup typical bean era cactus various odor refuse element "
                + "afraid meadow quick medal plate wisdom swap noble shallow",
            digits: "011416550964188800731119157218870156061002561932122514430573003611011405110613292018175411971576",
            compactHex: "0e59dde276009317f1275f1389888078c99368d1e82489b5f629531fc5b6a56e"),
        Vector(
            number: 4, phrase: "forum undo fragile fade shy sign arrest garment culture tube off merit",
            digits: "073318950739065415961602009907670428187212261116", compactHex: "5bbd9d71a8ec7990831aff359d426545"),
        // \n first and \x00 in the compact bytes.
        Vector(
            number: 6, phrase: "approve fruit lens brass ring actual stool coin doll boss strong rate",
            digits: "008607501025021714880023171503630517020917211425", compactHex: "0acbba008d9ba005f5996b40a3475cd9"),
        // \n.
        Vector(
            number: 7, phrase: "dignity utility vacant shiver thought canoe feel multiply item youth actor coyote",
            digits: "049619221923158517990268067811630950204300210397", compactHex: "3e1e0bc1e31e0e4315348b76dfec0a98"),
        // \r.
        Vector(
            number: 8, phrase: "corn voice scrap arrow original diamond trial property benefit choose junk lock",
            digits: "038719631547010112530489185713790169032209701051", compactHex: "307eaf058659ca7a7a0d63152509e541"),
        // \r\n.
        Vector(
            number: 9, phrase: "vocal tray giggle tool duck letter category pattern train magnet excite swamp",
            digits: "196218530783182905421028028912901848107106301753", compactHex: "f55cf587f2543d01090d0ae710bd3b6d"),
    ]

    // MARK: - Known answers, both ways

    @Test(arguments: vectors)
    func standardDigitsBothWays(vector: Vector) throws {
        let mnemonic = try Mnemonic(phrase: vector.phrase)
        #expect(try SeedQR.payload(mnemonic, kind: .standard) == Array(vector.digits.utf8))
        #expect(try SeedQR.mnemonic(standard: Array(vector.digits.utf8)).phrase == vector.phrase)
        let decoded = try SeedQR.decode(Array(vector.digits.utf8))
        #expect(decoded.kind == .standard && decoded.mnemonic == mnemonic)
    }

    @Test(arguments: vectors)
    func compactBytesBothWays(vector: Vector) throws {
        let mnemonic = try Mnemonic(phrase: vector.phrase)
        let bytes = TestHex.decode(vector.compactHex)
        #expect(try SeedQR.payload(mnemonic, kind: .compact) == bytes)
        #expect(try SeedQR.mnemonic(compact: bytes).phrase == vector.phrase)
        let decoded = try SeedQR.decode(bytes)
        #expect(decoded.kind == .compact && decoded.mnemonic == mnemonic)
    }

    /// The specification's symbol sizes: Standard 25x25 / 29x29, Compact 21x21 / 25x25.
    @Test func symbolVersions() {
        #expect(SeedQR.Kind.standard.symbolVersion(wordCount: 12) == 2)
        #expect(SeedQR.Kind.standard.symbolVersion(wordCount: 24) == 3)
        #expect(SeedQR.Kind.compact.symbolVersion(wordCount: 12) == 1)
        #expect(SeedQR.Kind.compact.symbolVersion(wordCount: 24) == 2)
    }

    // MARK: - Round trips

    @Test func everyGeneratedPhraseRoundTripsThroughBothKinds() throws {
        for length in Mnemonic.GeneratedLength.allCases {
            for _ in 0..<50 {
                let mnemonic = Mnemonic.generate(length)
                for kind in SeedQR.Kind.allCases {
                    let decoded = try SeedQR.decode(try SeedQR.payload(mnemonic, kind: kind))
                    #expect(decoded.mnemonic == mnemonic && decoded.kind == kind)
                }
            }
        }
    }

    // MARK: - Refusals

    @Test(arguments: [0, 4, 44, 47, 49, 60, 72, 84, 95, 97])
    func aDigitStreamOfAnotherLengthIsRefused(count: Int) {
        let digits = Array(String(repeating: "0001", count: 25).utf8.prefix(count))
        #expect(throws: SeedQRError.wrongDigitCount(count)) { try SeedQR.mnemonic(standard: digits) }
    }

    @Test func aNonDigitIsRefused() {
        var digits = Array(Self.vectors[2].digits.utf8)
        digits[9] = UInt8(ascii: "a")
        #expect(throws: SeedQRError.notADigit(position: 10)) { try SeedQR.mnemonic(standard: digits) }
        digits[9] = UInt8(ascii: " ")
        #expect(throws: SeedQRError.notADigit(position: 10)) { try SeedQR.mnemonic(standard: digits) }
        // Through `decode`: not all digits and not 16 or 32 bytes.
        #expect(throws: SeedQRError.wrongByteCount(48)) { try SeedQR.decode(digits) }
    }

    @Test func anIndexAbove2047IsRefused() {
        // Word 3 of vector 4 ("0739") becomes 2048.
        let digits = Array(("07331895" + "2048" + String(Self.vectors[2].digits.dropFirst(12))).utf8)
        #expect(throws: SeedQRError.indexOutOfRange(word: 3)) { try SeedQR.mnemonic(standard: digits) }
        let nines = Array(String(repeating: "9999", count: 12).utf8)
        #expect(throws: SeedQRError.indexOutOfRange(word: 1)) { try SeedQR.mnemonic(standard: nines) }
    }

    @Test func aBadChecksumIsRefused() {
        // Vector 4 with its last word 1116 ("merit") changed to 1117: the 4 checksum bits no longer match.
        let digits = Array((String(Self.vectors[2].digits.dropLast(4)) + "1117").utf8)
        #expect(throws: SeedQRError.badChecksum) { try SeedQR.mnemonic(standard: digits) }
        // Two words swapped.
        let swapped = Array(("18950733" + String(Self.vectors[2].digits.dropFirst(8))).utf8)
        #expect(throws: SeedQRError.badChecksum) { try SeedQR.decode(swapped) }
    }

    @Test(arguments: [0, 1, 15, 17, 20, 24, 31, 33, 64])
    func compactBytesOfAnotherLengthAreRefused(count: Int) {
        let bytes = [UInt8](repeating: 0x80, count: count)
        #expect(throws: SeedQRError.wrongByteCount(count)) { try SeedQR.mnemonic(compact: bytes) }
        #expect(throws: SeedQRError.wrongByteCount(count)) { try SeedQR.decode(bytes) }
    }

    @Test func aPhraseOfAnotherLengthHasNoSeedQR() throws {
        let eighteen = try Mnemonic(entropy: [UInt8](repeating: 7, count: 24))
        for kind in SeedQR.Kind.allCases {
            #expect(throws: SeedQRError.unsupportedWordCount(18)) { try SeedQR.payload(eighteen, kind: kind) }
        }
    }

    @Test func messagesNameNoPartOfThePayload() {
        #expect(SeedQRError.badChecksum.description.contains("damaged or is not a SeedQR"))
        #expect(SeedQRError.wrongByteCount(20).description.contains("not 20 bytes"))
        #expect(SeedQRError.indexOutOfRange(word: 3).description.hasPrefix("word 3 of the SeedQR is above 2047"))
    }
}
