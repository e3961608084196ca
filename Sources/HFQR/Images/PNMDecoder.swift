/// Reads binary Netpbm images: PGM (`P5`, gray) and PPM (`P6`, colour), 8 or 16 bits per sample.
///
/// Strict and bounded: one image per file, header numbers of at most 5 digits, `maxval` 1…65535, exactly the raster
/// the header announces and nothing after it. Colour is converted to luminance (Rec. 601 weights), and samples are
/// scaled to 0…255.
enum PNMDecoder {
    /// Whether `bytes` start like a binary PGM or PPM file.
    static func recognizes(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == UInt8(ascii: "P")
            && (bytes[1] == UInt8(ascii: "5") || bytes[1] == UInt8(ascii: "6"))
    }

    /// Decodes a `P5` or `P6` file.
    /// - Throws: `QRError.unsupportedImageFormat`, `.malformedImage` or `.imageTooLarge`.
    static func decode(_ bytes: [UInt8]) throws(QRError) -> GrayImage {
        guard recognizes(bytes) else { throw .unsupportedImageFormat }
        let channels = bytes[1] == UInt8(ascii: "6") ? 3 : 1
        var offset = 2
        let width = try number(bytes, &offset, "width")
        let height = try number(bytes, &offset, "height")
        let maxval = try number(bytes, &offset, "maxval")
        guard (1...65_535).contains(maxval) else { throw .malformedImage(reason: "maxval \(maxval) is not 1...65535") }
        guard offset < bytes.count, isSpace(bytes[offset]) else {
            throw .malformedImage(reason: "no whitespace before the raster")
        }
        offset += 1
        try GrayImage.checkSize(width: width, height: height)
        let sampleBytes = maxval > 255 ? 2 : 1
        let expected = width * height * channels * sampleBytes
        guard bytes.count - offset == expected else {
            throw .malformedImage(reason: "the raster holds \(bytes.count - offset) bytes, not \(expected)")
        }
        var pixels = [UInt8](repeating: 0, count: width * height)
        bytes.withUnsafeBufferPointer { raster in
            var position = offset
            func sample() -> Int {
                defer { position += sampleBytes }
                let raw = sampleBytes == 2
                    ? Int(raster[position]) << 8 | Int(raster[position + 1]) : Int(raster[position])
                return min(raw, maxval) * 255 / maxval
            }
            for index in pixels.indices {
                if channels == 1 {
                    pixels[index] = UInt8(sample())
                } else {
                    let (red, green, blue) = (sample(), sample(), sample())
                    pixels[index] = UInt8((299 * red + 587 * green + 114 * blue + 500) / 1000)
                }
            }
        }
        return try GrayImage(width: width, height: height, pixels: pixels)
    }

    /// Skips whitespace and comments, then reads a decimal number of at most 5 digits.
    private static func number(_ bytes: [UInt8], _ offset: inout Int, _ name: String) throws(QRError) -> Int {
        while offset < bytes.count {
            if isSpace(bytes[offset]) {
                offset += 1
            } else if bytes[offset] == UInt8(ascii: "#") {
                while offset < bytes.count, bytes[offset] != 0x0a, bytes[offset] != 0x0d { offset += 1 }
            } else {
                break
            }
        }
        var value = 0
        var digits = 0
        while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
            value = value * 10 + Int(bytes[offset] - UInt8(ascii: "0"))
            digits += 1
            offset += 1
            guard digits <= 5 else { throw .malformedImage(reason: "the \(name) has more than 5 digits") }
        }
        guard digits > 0 else { throw .malformedImage(reason: "the header lacks the \(name)") }
        return value
    }

    /// Netpbm whitespace: space, tab, CR, LF, vertical tab, form feed.
    private static func isSpace(_ byte: UInt8) -> Bool { [0x20, 0x09, 0x0a, 0x0b, 0x0c, 0x0d].contains(byte) }
}
