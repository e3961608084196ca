/// Strict UTF-8 well-formedness (RFC 3629; Unicode table 3-7): no overlong forms, no surrogates, nothing above
/// U+10FFFF, no truncated sequences.
enum UTF8Validation {
    /// The length (1–4) of the well-formed sequence starting at `offset`, or nil if it is not well-formed.
    static func sequenceLength(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        let lead = bytes[offset]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xbf
        switch lead {
        case 0x00...0x7f: return 1
        case 0xc2...0xdf: length = 2
        case 0xe0:
            length = 3
            secondRange = 0xa0...0xbf
        case 0xe1...0xec, 0xee...0xef: length = 3
        case 0xed:
            length = 3
            secondRange = 0x80...0x9f
        case 0xf0:
            length = 4
            secondRange = 0x90...0xbf
        case 0xf1...0xf3: length = 4
        case 0xf4:
            length = 4
            secondRange = 0x80...0x8f
        default: return nil
        }
        guard offset + length <= bytes.count, secondRange.contains(bytes[offset + 1]) else { return nil }
        for index in 2..<length where !(0x80...0xbf).contains(bytes[offset + index]) { return nil }
        return length
    }

    /// Whether all of `bytes` is well-formed UTF-8.
    static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard let length = sequenceLength(in: bytes, at: offset) else { return false }
            offset += length
        }
        return true
    }
}
