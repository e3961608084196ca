/// Decoding of `%XX` escapes in request targets (RFC 3986 §2.1).
enum PercentDecoding {
    /// Decodes every `%XX` escape of `text` and reads the result as UTF-8; `+` is left as it is.
    /// - Returns: nil for a `%` not followed by two hex digits, or bytes that are not UTF-8.
    static func decode<C: Collection<UInt8>>(_ text: C) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var iterator = text.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                out.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(nibble), let low = iterator.next().flatMap(nibble) else {
                return nil
            }
            out.append(high << 4 | low)
        }
        return String(validating: out, as: UTF8.self)
    }

    /// The value of one hex digit, or nil.
    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
