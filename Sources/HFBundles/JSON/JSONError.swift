/// Why the strict JSON parser rejected its input.
///
/// Offsets count bytes from the start of the input (0-based). No case carries the text of the input, because a
/// backup's plaintext is JSON that holds secrets.
public enum JSONError: Error, Hashable, Sendable {
    /// The input has `size` bytes, more than the `limit`.
    case inputTooLarge(size: Int, limit: Int)
    /// The input ended in the middle of a value (or was empty).
    case unexpectedEnd
    /// The byte at `offset` cannot start or continue a value here.
    case unexpectedByte(offset: Int)
    /// Something other than whitespace follows the value, starting at `offset`.
    case trailingBytes(offset: Int)
    /// Arrays and objects are nested deeper than `limit` at `offset`.
    case tooDeep(offset: Int, limit: Int)
    /// The document holds more than `limit` values.
    case tooManyValues(limit: Int)
    /// An object has the member `key` twice; the second starts at `offset`.
    case duplicateKey(String, offset: Int)
    /// The number at `offset` has a leading zero, is `-0`, or has no digits.
    case invalidNumber(offset: Int)
    /// The number at `offset` has a fraction or an exponent; bundles use integers only.
    case nonIntegerNumber(offset: Int)
    /// The integer at `offset` is outside `Int64.min ... UInt64.max`.
    case numberOutOfRange(offset: Int)
    /// The string contains an unescaped control character (below U+0020) at `offset`.
    case controlCharacter(offset: Int)
    /// A backslash escape at `offset` is not one of `\" \\ \/ \b \f \n \r \t \uXXXX`.
    case invalidEscape(offset: Int)
    /// A `\u` escape at `offset` is a lone UTF-16 surrogate (a high one without its low partner, or a low one).
    case unpairedSurrogate(offset: Int)
    /// The bytes at `offset` are not well-formed UTF-8 (overlong, surrogate, above U+10FFFF, or cut short).
    case invalidUTF8(offset: Int)
}

extension JSONError: CustomStringConvertible {
    /// A sentence saying what is wrong with the JSON and what to do.
    public var description: String {
        let redo = "check that the file is complete and was not edited by hand"
        return switch self {
        case .inputTooLarge(let size, let limit):
            "the JSON is \(size) bytes, more than the limit of \(limit); this is not a bundle this tool writes"
        case .unexpectedEnd: "the JSON ends too early; \(redo)"
        case .unexpectedByte(let offset): "the JSON has an unexpected character at byte \(offset); \(redo)"
        case .trailingBytes(let offset):
            "the JSON value is followed by more data at byte \(offset); the file must hold exactly one value"
        case .tooDeep(let offset, let limit):
            "the JSON nests arrays and objects deeper than \(limit) levels at byte \(offset); bundles are never so deep"
        case .tooManyValues(let limit): "the JSON holds more than \(limit) values; bundles are never so large"
        case .duplicateKey(let key, let offset):
            "the JSON object has the field \"\(key)\" twice (at byte \(offset)); each field may appear once"
        case .invalidNumber(let offset):
            "the number at byte \(offset) is malformed (a leading zero, -0, or no digits); \(redo)"
        case .nonIntegerNumber(let offset):
            "the number at byte \(offset) has a fraction or exponent; bundles use whole numbers only"
        case .numberOutOfRange(let offset): "the number at byte \(offset) is too large for a 64-bit integer"
        case .controlCharacter(let offset):
            "the string has an unescaped control character at byte \(offset); control characters must be escaped"
        case .invalidEscape(let offset): "the string has an invalid escape at byte \(offset); \(redo)"
        case .unpairedSurrogate(let offset):
            "the string has a lone UTF-16 surrogate escape at byte \(offset); surrogates must come in pairs"
        case .invalidUTF8(let offset): "the JSON has invalid UTF-8 at byte \(offset); save the file as UTF-8"
        }
    }
}
