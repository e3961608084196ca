import Testing
import QRFixtures

@testable import HFQR

@Suite struct ScannerTests {
    @Test func framesComeBackFromOurPNG() throws {
        let series = try QREncoder.series(for: noise(2000, seed: 5), fileType: .binary)
        for index in 0..<series.count {
            let found = try QRScanner.frames(inImageFile: series.png(at: index, pixelsPerModule: 3))
            #expect(found == [series.parts[index]])
        }
    }

    @Test func binaryPayloadsSurviveExactly() throws {
        // Every byte value, NUL and invalid UTF-8 included: zbar must be in binary mode to return these unchanged.
        let bytes = (0...255).map { UInt8($0) } + [0xc3, 0x28, 0x00, 0xff, 0xfe]
        let png = try QRImage.png(for: QRSymbol(bytes: bytes))
        #expect(try QRScanner.decode(imageFile: png) == [bytes])
        let latin = utf8("caf") + [0xe9]
        #expect(try QRScanner.decode(imageFile: QRImage.png(for: QRSymbol(bytes: latin))) == [latin])
    }

    @Test func pgmAndPpmScan() throws {
        let symbol = try QRSymbol(alphanumeric: "B$2U0100MZXW6YTBOI", errorCorrection: .medium)
        let image = try GrayImage(symbol: symbol, pixelsPerModule: 4)
        #expect(try QRScanner.frames(inImageFile: netpbm(image)) == ["B$2U0100MZXW6YTBOI"])
        #expect(try QRScanner.frames(inImageFile: netpbm(image, color: true)) == ["B$2U0100MZXW6YTBOI"])
    }

    @Test func blankImageHoldsNothing() throws {
        let blank = try GrayImage(width: 64, height: 64, pixels: [UInt8](repeating: 255, count: 64 * 64))
        #expect(try QRScanner.decode(blank).isEmpty)
    }
}
