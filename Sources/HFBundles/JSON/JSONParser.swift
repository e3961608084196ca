/// A strict, bounded RFC 8259 JSON parser for bundles.
///
/// What it accepts beyond the RFC's grammar is nothing; what it refuses beyond it:
/// - numbers with a fraction or exponent, `-0`, and integers outside `Int64.min ... UInt64.max` (bundles use none);
/// - duplicate object keys (RFC 8259 leaves their meaning open, so a bundle with them is ambiguous);
/// - input over `JSONLimits.maxBytes` (checked first), nesting over `maxDepth`, more than `maxValues` values;
/// - a byte-order mark (RFC 8259 §8.1: senders must not add one).
///
/// Whitespace (space, tab, LF, CR) is allowed before and after the value, as RFC 8259 says, so a file that ends in
/// a newline is accepted. Anything else after the value is `JSONError.trailingBytes`. Strings must be well-formed
/// UTF-8 with escapes for control characters, and `\u` surrogate escapes must pair up.
public enum JSONParser {
    /// Parses exactly one JSON value from `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 JSON text.
    ///   - limits: the bounds to enforce; bundles use `.bundle`.
    /// - Returns: the value.
    /// - Throws: `JSONError` naming the first fault and its byte offset.
    public static func parse(_ bytes: [UInt8], limits: JSONLimits = .bundle) throws(JSONError) -> JSONValue {
        guard bytes.count <= limits.maxBytes else { throw .inputTooLarge(size: bytes.count, limit: limits.maxBytes) }
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONError) -> JSONValue in
                var scanner = JSONScanner(input: buffer, limits: limits)
                return try scanner.parseDocument()
            }
        }
        return try result.get()
    }
}

/// The parser's cursor over the input bytes; lives only for one `JSONParser.parse` call.
struct JSONScanner {
    /// The whole input.
    let input: UnsafeBufferPointer<UInt8>
    /// The bounds in force.
    let limits: JSONLimits
    /// The next byte to read.
    var offset = 0
    /// Values (and keys) seen so far.
    var valueCount = 0

    /// Parses one value surrounded by optional whitespace and nothing else.
    mutating func parseDocument() throws(JSONError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue(depth: 1)
        skipWhitespace()
        guard offset == input.count else { throw .trailingBytes(offset: offset) }
        return value
    }

    /// Parses the value starting at `offset`, at nesting `depth` (the top level is 1).
    mutating func parseValue(depth: Int) throws(JSONError) -> JSONValue {
        try countValue()
        switch try peek() {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try parseNumber())
        default:
            throw .unexpectedByte(offset: offset)
        }
    }

    /// Parses `{ … }`, rejecting duplicate keys.
    private mutating func parseObject(depth: Int) throws(JSONError) -> JSONValue {
        guard depth <= limits.maxDepth else { throw .tooDeep(offset: offset, limit: limits.maxDepth) }
        offset += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard try peek() == UInt8(ascii: "\"") else { throw .unexpectedByte(offset: offset) }
            let keyOffset = offset
            try countValue()
            let key = try parseString()
            guard members[key] == nil else { throw .duplicateKey(String(key.prefix(64)), offset: keyOffset) }
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            members[key] = try parseValue(depth: depth + 1)
            skipWhitespace()
            if try endOfContainer(UInt8(ascii: "}")) { return .object(members) }
        }
    }

    /// Parses `[ … ]`.
    private mutating func parseArray(depth: Int) throws(JSONError) -> JSONValue {
        guard depth <= limits.maxDepth else { throw .tooDeep(offset: offset, limit: limits.maxDepth) }
        offset += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            if try endOfContainer(UInt8(ascii: "]")) { return .array(elements) }
        }
    }

    /// After a member or element: consumes `,` (returning false) or `closing` (returning true).
    private mutating func endOfContainer(_ closing: UInt8) throws(JSONError) -> Bool {
        let byte = try peek()
        offset += 1
        if byte == closing { return true }
        guard byte == UInt8(ascii: ",") else { throw .unexpectedByte(offset: offset - 1) }
        return false
    }

    /// Consumes the literal `word` (`true`, `false` or `null`).
    private mutating func expectLiteral(_ word: StaticString) throws(JSONError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected { try expect(byte) }
    }

    /// Consumes one byte equal to `byte`.
    private mutating func expect(_ byte: UInt8) throws(JSONError) {
        guard try peek() == byte else { throw .unexpectedByte(offset: offset) }
        offset += 1
    }

    /// The byte at `offset`.
    /// - Throws: `JSONError.unexpectedEnd` at the end of the input.
    func peek() throws(JSONError) -> UInt8 {
        guard offset < input.count else { throw .unexpectedEnd }
        return input[offset]
    }

    /// Skips RFC 8259 whitespace: space, tab, line feed, carriage return.
    mutating func skipWhitespace() {
        while offset < input.count {
            switch input[offset] {
            case 0x20, 0x09, 0x0a, 0x0d: offset += 1
            default: return
            }
        }
    }

    /// Counts one more value against `limits.maxValues`.
    private mutating func countValue() throws(JSONError) {
        valueCount += 1
        guard valueCount <= limits.maxValues else { throw .tooManyValues(limit: limits.maxValues) }
    }
}
