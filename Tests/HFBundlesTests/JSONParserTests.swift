import HFBundles
import Testing

/// Parses a string.
private func parse(_ text: String, limits: JSONLimits = .bundle) throws(JSONError) -> JSONValue {
    try JSONParser.parse(utf8(text), limits: limits)
}

@Suite struct JSONParserTests {
    @Test func acceptsEveryKindOfValue() throws {
        let value = try parse(#" { "a" : [ 1 , -2 , true , false , null , "x" , { } , [ ] ] } "#)
        #expect(
            value
                == .object([
                    "a": .array([
                        .integer(1), .integer(-2), .bool(true), .bool(false), .null, .string("x"), .object([:]),
                        .array([]),
                    ])
                ]))
    }

    @Test func integerRange() throws {
        #expect(try parse("18446744073709551615") == .integer(UInt64.max))
        #expect(try parse("-9223372036854775808") == .integer(Int64.min))
        #expect(try parse("0") == .integer(0))
        #expect(throws: JSONError.numberOutOfRange(offset: 0)) { try parse("18446744073709551616") }
        #expect(throws: JSONError.numberOutOfRange(offset: 0)) { try parse("-9223372036854775809") }
        #expect(throws: JSONError.numberOutOfRange(offset: 1)) { try parse("[99999999999999999999999999999]") }
    }

    @Test func rejectsNonIntegersAndMalformedNumbers() {
        #expect(throws: JSONError.nonIntegerNumber(offset: 0)) { try parse("1.5") }
        #expect(throws: JSONError.nonIntegerNumber(offset: 0)) { try parse("1e3") }
        #expect(throws: JSONError.nonIntegerNumber(offset: 0)) { try parse("1E3") }
        #expect(throws: JSONError.nonIntegerNumber(offset: 0)) { try parse("0.0") }
        #expect(throws: JSONError.invalidNumber(offset: 0)) { try parse("-0") }
        #expect(throws: JSONError.invalidNumber(offset: 0)) { try parse("01") }
        #expect(throws: JSONError.invalidNumber(offset: 0)) { try parse("-01") }
        #expect(throws: JSONError.invalidNumber(offset: 0)) { try parse("-a") }
        #expect(throws: JSONError.unexpectedEnd) { try parse("-") }
        #expect(throws: JSONError.unexpectedByte(offset: 0)) { try parse("+1") }
        #expect(throws: JSONError.unexpectedByte(offset: 0)) { try parse(".5") }
    }

    @Test func stringEscapes() throws {
        #expect(try parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{c}\n\r\t"))
        #expect(try parse(#""\u0041\u00e9\u20AC""#) == .string("Aé€"))
        #expect(try parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try parse(#""\u0000""#) == .string("\u{0}"))
        #expect(try parse("\"é😀\"") == .string("é😀"))
    }

    @Test func rejectsBadEscapesAndSurrogates() {
        #expect(throws: JSONError.invalidEscape(offset: 1)) { try parse(#""\x""#) }
        #expect(throws: JSONError.invalidEscape(offset: 1)) { try parse(#""\u12G4""#) }
        #expect(throws: JSONError.invalidEscape(offset: 1)) { try parse(#""\'""#) }
        #expect(throws: JSONError.unpairedSurrogate(offset: 1)) { try parse(#""\ud83d""#) }
        #expect(throws: JSONError.unpairedSurrogate(offset: 1)) { try parse(#""\ud83dx""#) }
        #expect(throws: JSONError.unpairedSurrogate(offset: 1)) { try parse(#""\ud83d\u0041""#) }
        #expect(throws: JSONError.unpairedSurrogate(offset: 1)) { try parse(#""\ude00""#) }
        #expect(throws: JSONError.unexpectedEnd) { try parse(#""\u12"#) }
    }

    @Test func rejectsControlCharactersAndInvalidUTF8() {
        #expect(throws: JSONError.controlCharacter(offset: 2)) { try parse("\"a\nb\"") }
        #expect(throws: JSONError.controlCharacter(offset: 1)) { try parse("\"\u{1}\"") }
        let cases: [([UInt8], Int)] = [
            ([0x22, 0xc0, 0x80, 0x22], 1),  // overlong NUL
            ([0x22, 0xe0, 0x80, 0xaf, 0x22], 1),  // overlong 3-byte
            ([0x22, 0xed, 0xa0, 0x80, 0x22], 1),  // encoded surrogate U+D800
            ([0x22, 0xf4, 0x90, 0x80, 0x80, 0x22], 1),  // above U+10FFFF
            ([0x22, 0x41, 0xff, 0x22], 2),  // 0xff never appears
            ([0x22, 0xc3, 0x22], 1),  // cut short by the quote
            ([0x22, 0x80, 0x22], 1),  // lone continuation byte
            ([0x22, 0xe2, 0x82], 1),  // truncated at the end of input
        ]
        for (bytes, offset) in cases {
            #expect(throws: JSONError.invalidUTF8(offset: offset)) { try JSONParser.parse(bytes) }
        }
    }

    @Test func rejectsDuplicateKeys() {
        #expect(throws: JSONError.duplicateKey("a", offset: 8)) { try parse(#"{"a":1, "a":2}"#) }
        #expect(throws: JSONError.duplicateKey("k", offset: 13)) { try parse(#"[{"b":{"k":1,"k":1}}]"#) }
        // Escapes are decoded before comparing: "\u0061" is "a".
        #expect(throws: JSONError.duplicateKey("a", offset: 7)) { try parse(#"{"a":1,"\u0061":2}"#) }
    }

    @Test func trailingBytesAndWhitespace() throws {
        #expect(try parse("{}\n") == .object([:]))
        #expect(try parse(" \t\r\n{}\r\n ") == .object([:]))
        #expect(throws: JSONError.trailingBytes(offset: 2)) { try parse("{}x") }
        #expect(throws: JSONError.trailingBytes(offset: 3)) { try parse("{} {}") }
        #expect(throws: JSONError.trailingBytes(offset: 2)) { try JSONParser.parse(utf8("{}") + [0]) }
        #expect(throws: JSONError.unexpectedByte(offset: 0)) { try JSONParser.parse([0xef, 0xbb, 0xbf] + utf8("{}")) }
        #expect(throws: JSONError.unexpectedByte(offset: 0)) { try parse("\u{a0}{}") }
    }

    @Test func truncationAnywhereIsAnError() {
        let document = #"{"a":[1,"two",{"b":null,"c":true}],"d":-3}"#
        let bytes = utf8(document)
        for length in 0..<bytes.count {
            #expect(throws: JSONError.self) { try JSONParser.parse(Array(bytes[0..<length])) }
        }
        #expect(throws: JSONError.unexpectedEnd) { try parse("") }
        #expect(throws: JSONError.unexpectedEnd) { try parse("   ") }
        #expect(throws: JSONError.unexpectedEnd) { try parse(#"{"a":"#) }
    }

    @Test func rejectsStructuralErrors() {
        #expect(throws: JSONError.unexpectedByte(offset: 3)) { try parse("[1,]") }
        #expect(throws: JSONError.unexpectedByte(offset: 7)) { try parse(#"{"a":1,}"#) }
        #expect(throws: JSONError.unexpectedByte(offset: 1)) { try parse("{a:1}") }
        #expect(throws: JSONError.unexpectedByte(offset: 5)) { try parse(#"{"a" 1}"#) }
        #expect(throws: JSONError.unexpectedByte(offset: 3)) { try parse("[1 2]") }
        #expect(throws: JSONError.unexpectedEnd) { try parse("tru") }
        #expect(throws: JSONError.unexpectedByte(offset: 1)) { try parse("tRue") }
        #expect(throws: JSONError.unexpectedByte(offset: 0)) { try parse("'a'") }
        #expect(throws: JSONError.unexpectedByte(offset: 3)) { try parse("nul1") }
    }

    @Test func depthLimit() throws {
        let ok = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        #expect(throws: Never.self) { try parse(ok) }
        let bomb = String(repeating: "[", count: 100_000)
        #expect(throws: JSONError.tooDeep(offset: 32, limit: 32)) { try parse(bomb) }
        let objects = String(repeating: #"{"a":"#, count: 33) + "1" + String(repeating: "}", count: 33)
        #expect(throws: JSONError.tooDeep(offset: 160, limit: 32)) { try parse(objects) }
    }

    @Test func sizeAndValueLimits() {
        let small = JSONLimits(maxBytes: 10, maxDepth: 32, maxValues: 5)
        #expect(throws: JSONError.inputTooLarge(size: 11, limit: 10)) { try parse("[1,2,3,4,5]", limits: small) }
        #expect(throws: JSONError.tooManyValues(limit: 5)) { try parse("[1,2,3,4,5]", limits: JSONLimits(maxBytes: 99, maxDepth: 32, maxValues: 5)) }
        #expect(throws: Never.self) { try parse("[1,2,3,4]", limits: small) }
        // Keys count as values: {"a":1,"b":2} is 5.
        #expect(throws: Never.self) { try parse(#"{"a":1,"b":2}"#, limits: JSONLimits(maxBytes: 99, maxDepth: 32, maxValues: 5)) }
        #expect(throws: JSONError.tooManyValues(limit: 4)) { try parse(#"{"a":1,"b":2}"#, limits: JSONLimits(maxBytes: 99, maxDepth: 32, maxValues: 4)) }
        #expect(JSONLimits.bundle.maxBytes == 64 * 1024 * 1024)
    }

    @Test func errorDescriptionsAreSentences() {
        let error = JSONError.duplicateKey("txid", offset: 40)
        #expect(error.description.contains("\"txid\""))
        #expect(JSONError.nonIntegerNumber(offset: 3).description.contains("whole numbers"))
    }
}
