import Testing

@testable import HFQR

@Suite struct QRSymbolTests {
    @Test func capacityMatchesLibqrencodeAtTheEdges() throws {
        for version in [1, 9, 10, 20, 26, 27, 40] {
            for level in QRErrorCorrection.allCases {
                let characters = QRCapacity.alphanumericCharacters(version: version, level: level)
                let text = String(repeating: "B", count: characters)
                #expect(try QRSymbol(alphanumeric: text, errorCorrection: level).version == version)
                if version < 40 {
                    #expect(try QRSymbol(alphanumeric: text + "B", errorCorrection: level).version == version + 1)
                }
                let bytes = QRCapacity.bytes(version: version, level: level)
                #expect(try QRSymbol(bytes: [UInt8](repeating: 0, count: bytes), errorCorrection: level).version
                    == version)
            }
        }
        // The figures of docs/reference/qr-transport.md §4.4.
        #expect(QRCapacity.bytes(version: 25, level: .low) == 1273)
        #expect(QRCapacity.alphanumericCharacters(version: 40, level: .quartile) == 2420)
    }

    @Test func explicitVersionIsKeptOrRefused() throws {
        let symbol = try QRSymbol(alphanumeric: "B$2J0100MY", version: 12)
        #expect(symbol.version == 12 && symbol.size == 65 && symbol.modules.count == 65 * 65)
        #expect(throws: QRError.dataTooLarge(size: 30)) {
            try QRSymbol(alphanumeric: String(repeating: "A", count: 30), version: 1)
        }
        #expect(throws: QRError.invalidVersion(0)) { try QRSymbol(alphanumeric: "A", version: 0) }
        #expect(throws: QRError.dataTooLarge(size: 2954)) { try QRSymbol(bytes: [UInt8](repeating: 1, count: 2954)) }
    }

    @Test func alphanumericModeIsChecked() {
        #expect(throws: QRError.notAlphanumeric(offset: 3)) { try QRSymbol(alphanumeric: "B$2j") }
        #expect(throws: QRError.emptyData) { try QRSymbol(alphanumeric: "") }
        #expect(throws: QRError.emptyData) { try QRSymbol(bytes: []) }
        #expect(QRSymbol.isAlphanumeric(UInt8(ascii: "$")) && !QRSymbol.isAlphanumeric(UInt8(ascii: "a")))
    }

    @Test func finderPatternsAreWhereISOPutsThem() throws {
        let symbol = try QRSymbol(alphanumeric: "HELLO")
        #expect(symbol.version == 1)
        for (row, column) in [(0, 0), (0, symbol.size - 7), (symbol.size - 7, 0)] {
            for offset in 0..<7 {
                #expect(symbol[row, column + offset] && symbol[row + 6, column + offset])
                #expect(symbol[row + offset, column] && symbol[row + offset, column + 6])
            }
            #expect(!symbol[row + 1, column + 1] && symbol[row + 3, column + 3])
        }
    }
}
