import Testing

@testable import HFQR

/// Numeric-mode symbols and fixed-version byte symbols as SeedQR draws them (issue 18), through PNG and zbar.
@Suite struct SeedQRSymbolTests {
    /// Test vector 4 (12 words) and 1 (24 words) of SeedSigner's SeedQR specification: Standard digit streams.
    static let digits12 = "073318950739065415961602009907670428187212261116"
    static let digits24 =
        "011513251154012711900771041507421289190620080870026613431420201617920614089619290300152408010643"
    /// CompactSeedQR bytes of vectors 2 (NUL), 6 (`\n`, NUL), 7 (`\n`), 8 (`\r`) and 9 (`\r\n`), written out.
    static let compact: [[UInt8]] = [
        [0x0e, 0x59, 0xdd, 0xe2, 0x76, 0x00, 0x93, 0x17, 0xf1, 0x27, 0x5f, 0x13, 0x89, 0x88, 0x80, 0x78,
         0xc9, 0x93, 0x68, 0xd1, 0xe8, 0x24, 0x89, 0xb5, 0xf6, 0x29, 0x53, 0x1f, 0xc5, 0xb6, 0xa5, 0x6e],
        [0x0a, 0xcb, 0xba, 0x00, 0x8d, 0x9b, 0xa0, 0x05, 0xf5, 0x99, 0x6b, 0x40, 0xa3, 0x47, 0x5c, 0xd9],
        [0x3e, 0x1e, 0x0b, 0xc1, 0xe3, 0x1e, 0x0e, 0x43, 0x15, 0x34, 0x8b, 0x76, 0xdf, 0xec, 0x0a, 0x98],
        [0x30, 0x7e, 0xaf, 0x05, 0x86, 0x59, 0xca, 0x7a, 0x7a, 0x0d, 0x63, 0x15, 0x25, 0x09, 0xe5, 0x41],
        [0xf5, 0x5c, 0xf5, 0x87, 0xf2, 0x54, 0x3d, 0x01, 0x09, 0x0d, 0x0a, 0xe7, 0x10, 0xbd, 0x3b, 0x6d],
    ]

    /// ISO/IEC 18004 Table 7's numeric capacities.
    @Test func numericCapacityKnownAnswers() {
        #expect(QRCapacity.numericDigits(version: 1, level: .low) == 41)
        #expect(QRCapacity.numericDigits(version: 1, level: .high) == 17)
        #expect(QRCapacity.numericDigits(version: 2, level: .low) == 77)
        #expect(QRCapacity.numericDigits(version: 3, level: .low) == 127)
        #expect(QRCapacity.numericDigits(version: 10, level: .low) == 652)
        #expect(QRCapacity.numericDigits(version: 40, level: .low) == 7089)
        #expect(QRCapacity.numericDigits(version: 40, level: .high) == 3057)
    }

    @Test func numericCapacityMatchesLibqrencodeAtTheEdges() throws {
        for version in [1, 2, 3, 9, 10, 26, 27, 40] {
            for level in QRErrorCorrection.allCases {
                let count = QRCapacity.numericDigits(version: version, level: level)
                let digits = [UInt8](repeating: UInt8(ascii: "7"), count: count)
                #expect(try QRSymbol(numeric: digits, errorCorrection: level).version == version)
                if version < 40 {
                    #expect(try QRSymbol(numeric: digits + [0x37], errorCorrection: level).version == version + 1)
                }
            }
        }
    }

    @Test func numericModeIsChecked() {
        #expect(throws: QRError.notNumeric(offset: 2)) { try QRSymbol(numeric: Array("12a4".utf8)) }
        #expect(throws: QRError.notNumeric(offset: 0)) { try QRSymbol(numeric: Array(" 1".utf8)) }
        #expect(throws: QRError.emptyData) { try QRSymbol(numeric: []) }
        // 48 digits do not fit version 1 at ECC L (41 digits): refused, never silently enlarged.
        #expect(throws: QRError.dataTooLarge(size: 48)) {
            try QRSymbol(numeric: Array(Self.digits12.utf8), errorCorrection: .low, version: 1)
        }
    }

    /// Standard SeedQR: 25x25 for 12 words, 29x29 for 24, and zbar reads the digits back exactly.
    @Test(arguments: [(digits12, 2, 25), (digits24, 3, 29)])
    func standardSeedQRThroughPNGAndZBar(digits: String, version: Int, size: Int) throws {
        let symbol = try QRSymbol(numeric: Array(digits.utf8), errorCorrection: .low, version: version)
        #expect(symbol.size == size && symbol.version == version && symbol.errorCorrection == .low)
        let found = try QRScanner.decode(imageFile: try QRImage.png(for: symbol))
        #expect(found == [Array(digits.utf8)])
    }

    /// Compact SeedQR: byte mode, 21x21 for 16 bytes and 25x25 for 32; NUL, `\n` and `\r` come back exactly.
    @Test(arguments: compact)
    func compactSeedQRThroughPNGAndZBar(bytes: [UInt8]) throws {
        let version = bytes.count == 16 ? 1 : 2
        let symbol = try QRSymbol(bytes: bytes, errorCorrection: .low, version: version)
        #expect(symbol.size == (bytes.count == 16 ? 21 : 25))
        #expect(try QRScanner.decode(imageFile: try QRImage.png(for: symbol)) == [bytes])
    }

    /// A symbol with a band of rows wiped (far beyond ECC L's 7%) reads as nothing, never as other digits.
    @Test func aDamagedSymbolReadsAsNothing() throws {
        let symbol = try QRSymbol(numeric: Array(Self.digits12.utf8), errorCorrection: .low, version: 2)
        let image = try QRImage.decode(try QRImage.png(for: symbol))
        var pixels = image.pixels
        let first = image.height * 2 / 5
        for row in first..<(first + image.height / 5) {
            for column in 0..<image.width { pixels[row * image.width + column] = 255 }
        }
        let damaged = try GrayImage(width: image.width, height: image.height, pixels: pixels)
        #expect(try QRScanner.decode(damaged) == [])
        #expect(try QRScanner.decode(image) == [Array(Self.digits12.utf8)], "the undamaged image reads")
    }
}
