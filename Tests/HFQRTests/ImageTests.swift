import Testing
import QRFixtures

@testable import HFQR

/// A binary PGM (P5) or PPM (P6) file written by hand, independently of the code under test.
func netpbm(_ image: GrayImage, color: Bool = false, maxval: Int = 255, comment: Bool = false) -> [UInt8] {
    var header = color ? "P6\n" : "P5\n"
    if comment { header += "# made by a test\n" }
    header += "\(image.width) \(image.height)\n\(maxval)\n"
    var raster: [UInt8] = []
    for pixel in image.pixels {
        let value = Int(pixel) * maxval / 255
        let sample: [UInt8] = maxval > 255 ? [UInt8(value >> 8), UInt8(value & 0xff)] : [UInt8(value)]
        for _ in 0..<(color ? 3 : 1) { raster += sample }
    }
    return utf8(header) + raster
}

@Suite struct ImageTests {
    @Test func symbolImageHasQuietZoneAndWholeModules() throws {
        let symbol = try QRSymbol(alphanumeric: "B$2U0100MZXW6YTBOI")
        let image = try GrayImage(symbol: symbol, pixelsPerModule: 3)
        #expect(image.width == (symbol.size + 8) * 3 && image.height == image.width)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let (row, column) = (y / 3 - 4, x / 3 - 4)
                let inside = (0..<symbol.size).contains(row) && (0..<symbol.size).contains(column)
                let dark = inside && symbol[row, column]
                #expect(image.pixels[y * image.width + x] == (dark ? 0 : 255))
            }
        }
        #expect(throws: QRError.invalidModuleSize(pixels: 2)) { try GrayImage(symbol: symbol, pixelsPerModule: 2) }
        #expect(throws: QRError.invalidModuleSize(pixels: 65)) { try QRImage.png(for: symbol, pixelsPerModule: 65) }
        #expect(QRImage.pixelsPerModule(fitting: 600, version: 20) == 5)
        #expect(QRImage.pixelsPerModule(fitting: 100, version: 20) == 3)
    }

    @Test func pngRoundTrips() throws {
        let image = try GrayImage(width: 3, height: 2, pixels: [0, 128, 255, 7, 8, 9])
        let png = QRImage.png(for: image)
        #expect(png.starts(with: [0x89, 0x50, 0x4e, 0x47]))
        #expect(try QRImage.decode(png) == image)
        #expect(png[24] == 8 && png[25] == 0, "8-bit gray")
        // Larger than libpng's first buffer guess: the encoder retries at the size libpng asks for.
        let busy = try GrayImage(width: 300, height: 200, pixels: noise(60_000, seed: 4))
        #expect(try QRImage.decode(QRImage.png(for: busy)) == busy)
        // Black and white only: one bit per pixel with a two-entry palette.
        let qr = try QRImage.png(for: QRSymbol(alphanumeric: "B$2U0100MY"))
        #expect(qr[24] == 1 && qr[25] == 3, "1-bit palette")
        #expect(try QRImage.decode(qr) == GrayImage(symbol: QRSymbol(alphanumeric: "B$2U0100MY")))
    }

    @Test func netpbmVariantsDecode() throws {
        let image = try GrayImage(width: 4, height: 3, pixels: [0, 255, 0, 255, 255, 0, 255, 0, 10, 20, 30, 40])
        #expect(try QRImage.decode(netpbm(image)) == image)
        #expect(try QRImage.decode(netpbm(image, comment: true)) == image)
        #expect(try QRImage.decode(netpbm(image, color: true)) == image)
        let wide = try QRImage.decode(netpbm(image, maxval: 65535))
        #expect(wide.pixels.enumerated().allSatisfy { abs(Int($0.element) - Int(image.pixels[$0.offset])) <= 1 })
    }

    @Test func hostileImagesAreRefused() throws {
        let image = try GrayImage(width: 2, height: 2, pixels: [0, 0, 0, 0])
        let pgm = netpbm(image)
        #expect(throws: QRError.malformedImage(reason: "the raster holds 3 bytes, not 4")) {
            try QRImage.decode(Array(pgm.dropLast()))
        }
        #expect(throws: QRError.malformedImage(reason: "the raster holds 5 bytes, not 4")) {
            try QRImage.decode(pgm + [0])
        }
        #expect(throws: QRError.imageTooLarge(width: 99999, height: 1)) {
            try QRImage.decode(utf8("P5 99999 1 255\n") + [UInt8](repeating: 0, count: 99999))
        }
        #expect(throws: QRError.malformedImage(reason: "the width has more than 5 digits")) {
            try QRImage.decode(utf8("P5 999999 1 255\n"))
        }
        #expect(throws: QRError.malformedImage(reason: "maxval 0 is not 1...65535")) {
            try QRImage.decode(utf8("P5 1 1 0\n\u{0}"))
        }
        #expect(throws: QRError.malformedImage(reason: "the header lacks the height")) {
            try QRImage.decode(utf8("P5 1"))
        }
        #expect(throws: QRError.unsupportedImageFormat) { try QRImage.decode(utf8("P2 1 1 255 0")) }
        #expect(throws: QRError.unsupportedImageFormat) { try QRImage.decode([]) }
        let png = QRImage.png(for: image)
        #expect(throws: QRError.self) { try QRImage.decode(Array(png.prefix(40))) }
        var corrupted = png
        corrupted[png.count - 20] ^= 0xff
        #expect(throws: QRError.self) { try QRImage.decode(corrupted) }
        #expect(throws: QRError.malformedImage(reason: "3 pixels for a 2×2 image")) {
            try GrayImage(width: 2, height: 2, pixels: [0, 0, 0])
        }
    }
}
