extension JSONScanner {
    /// Parses a string starting at its opening quote, decoding escapes and checking UTF-8.
    ///
    /// Runs without escapes are taken as slices of the input; only strings with escapes are copied byte by byte.
    mutating func parseString() throws(JSONError) -> String {
        offset += 1
        var segmentStart = offset
        var decoded: [UInt8] = []
        var hasEscapes = false
        while true {
            guard offset < input.count else { throw .unexpectedEnd }
            let byte = input[offset]
            switch byte {
            case UInt8(ascii: "\""):
                let tail = UnsafeBufferPointer(rebasing: input[segmentStart..<offset])
                offset += 1
                guard hasEscapes else { return String(decoding: tail, as: UTF8.self) }
                decoded.append(contentsOf: tail)
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                decoded.append(contentsOf: input[segmentStart..<offset])
                hasEscapes = true
                try parseEscape(into: &decoded)
                segmentStart = offset
            case 0x00..<0x20:
                throw .controlCharacter(offset: offset)
            case 0x80...:
                offset += try utf8SequenceLength()
            default:
                offset += 1
            }
        }
    }

    /// Decodes the escape at `offset` (a backslash) and appends its UTF-8 bytes.
    private mutating func parseEscape(into decoded: inout [UInt8]) throws(JSONError) {
        let escapeOffset = offset
        offset += 1
        let letter = try peek()
        offset += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(letter)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0c)
        case UInt8(ascii: "n"): decoded.append(0x0a)
        case UInt8(ascii: "r"): decoded.append(0x0d)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try hexQuad(escapeOffset: escapeOffset)
            switch unit {
            case 0xd800...0xdbff:
                guard offset + 1 < input.count, input[offset] == UInt8(ascii: "\\"),
                    input[offset + 1] == UInt8(ascii: "u")
                else { throw .unpairedSurrogate(offset: escapeOffset) }
                offset += 2
                let low = try hexQuad(escapeOffset: escapeOffset)
                guard (0xdc00...0xdfff).contains(low) else { throw .unpairedSurrogate(offset: escapeOffset) }
                Self.appendUTF8(0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00), to: &decoded)
            case 0xdc00...0xdfff:
                throw .unpairedSurrogate(offset: escapeOffset)
            default:
                Self.appendUTF8(unit, to: &decoded)
            }
        default:
            throw .invalidEscape(offset: escapeOffset)
        }
    }

    /// Reads the four hex digits of a `\u` escape.
    private mutating func hexQuad(escapeOffset: Int) throws(JSONError) -> UInt32 {
        guard offset + 4 <= input.count else { throw .unexpectedEnd }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = input[offset]
            let nibble: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = byte - UInt8(ascii: "A") + 10
            default: throw .invalidEscape(offset: escapeOffset)
            }
            value = value << 4 | UInt32(nibble)
            offset += 1
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence of 2–4 bytes at `offset`.
    /// - Throws: `JSONError.invalidUTF8` (see `UTF8Validation.sequenceLength(in:at:)`).
    private func utf8SequenceLength() throws(JSONError) -> Int {
        guard let length = UTF8Validation.sequenceLength(in: input, at: offset) else {
            throw .invalidUTF8(offset: offset)
        }
        return length
    }

    /// Appends the UTF-8 encoding of a Unicode scalar value (never a surrogate; at most U+10FFFF).
    static func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            bytes.append(UInt8(scalar))
        case 0x80..<0x800:
            bytes.append(0xc0 | UInt8(scalar >> 6))
            bytes.append(0x80 | UInt8(scalar & 0x3f))
        case 0x800..<0x10000:
            bytes.append(0xe0 | UInt8(scalar >> 12))
            bytes.append(0x80 | UInt8((scalar >> 6) & 0x3f))
            bytes.append(0x80 | UInt8(scalar & 0x3f))
        default:
            bytes.append(0xf0 | UInt8(scalar >> 18))
            bytes.append(0x80 | UInt8((scalar >> 12) & 0x3f))
            bytes.append(0x80 | UInt8((scalar >> 6) & 0x3f))
            bytes.append(0x80 | UInt8(scalar & 0x3f))
        }
    }
}
