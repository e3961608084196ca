/// The one way text from outside (a bundle, a service, a file, a scanned code) is shown on a terminal or in a log.
///
/// Every character a terminal or a text renderer would act on instead of showing is replaced by a visible escape:
/// C0 controls (below U+0020, except the newline when the caller allows it), DEL (U+007F) and the C1 controls
/// (U+0080–U+009F) as `\u{1b}`; the bidirectional and other invisible format controls that can make text read
/// differently from what it is (U+061C, U+180E, U+200B–U+200F, U+2028–U+202E, U+2060–U+206F, U+FEFF,
/// U+FFF9–U+FFFB) the same way; invalid UTF-8 as `\xNN`. A backslash is kept as it is, so escaping is idempotent:
/// the output holds no character the function would change, and escaping it again gives the same text.
///
/// ``CommandError`` escapes its message with it, and ``Output`` applies it again at the sink, so neither an `error:`
/// line nor a `--json` `message` can carry a raw control or bidi override.
public enum UntrustedText {
    /// Whether newlines may stay in the text.
    public enum Newlines: Sendable {
        /// A line feed (U+000A) stays: the text is a multi-line report.
        case keep
        /// A line feed is escaped like every other control.
        case escape
    }

    /// `text` with every dangerous character shown as an escape (see the type's discussion).
    /// - Parameters:
    ///   - text: untrusted text.
    ///   - newlines: whether U+000A stays (default: escaped).
    ///   - keepingTabs: whether U+0009 stays (table layout of our own output; default: escaped).
    public static func escaped(_ text: String, newlines: Newlines = .escape, keepingTabs: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, newlines: newlines, keepingTabs: keepingTabs) })
        else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, newlines: newlines, keepingTabs: keepingTabs) {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Bytes that should be UTF-8 text, shown safely: valid UTF-8 as by ``escaped(_:newlines:keepingTabs:)``, each
    /// byte of an invalid sequence as `\xNN`.
    public static func escaped(bytes: [UInt8], newlines: Newlines = .escape) -> String {
        var result = ""
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            if length == 0 {
                result += "\\x" + hex(bytes[index])
                index += 1
            } else {
                result += escaped(String(decoding: bytes[index..<(index + length)], as: UTF8.self), newlines: newlines)
                index += length
            }
        }
        return result
    }

    /// Whether `scalar` is shown as an escape.
    public static func needsEscape(_ scalar: Unicode.Scalar, newlines: Newlines = .escape, keepingTabs: Bool = false)
        -> Bool
    {
        switch scalar.value {
        case 0x0A: newlines == .escape
        case 0x09: !keepingTabs
        case 0x00..<0x20, 0x7F, 0x80...0x9F: true
        case 0x061C, 0x180E: true  // Arabic letter mark, Mongolian vowel separator
        case 0x200B...0x200F: true  // zero-width spaces and joiners, LRM, RLM
        case 0x2028...0x202E: true  // line/paragraph separators, LRE, RLE, PDF, LRO, RLO
        case 0x2060...0x206F: true  // word joiner, invisible operators, LRI, RLI, FSI, PDI, deprecated format controls
        case 0xFEFF, 0xFFF9...0xFFFB: true  // zero-width no-break space, interlinear annotation controls
        default: false
        }
    }

    // MARK: - UTF-8

    /// The length of the valid UTF-8 sequence starting at `index`, or 0 when the byte there does not start one.
    private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        let secondRange: ClosedRange<UInt8>
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
        case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, secondRange) = (3, 0x80...0xBF)
        case 0xED: (length, secondRange) = (3, 0x80...0x9F)
        case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
        case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
        default: return 0
        }
        guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<max(length, 2) where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return length
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }
}
