import HFBundles
import Testing

@Suite struct CanonicalJSONTests {
    @Test func sortsKeysByUTF8BytesWithoutWhitespace() {
        let value = JSONValue.object([
            "b": .integer(1), "a": .array([.bool(true), .null]), "B": .string("x"), "é": .integer(-5), "aa": .object([:]),
        ])
        #expect(text(value.canonicalBytes) == #"{"B":"x","a":[true,null],"aa":{},"b":1,"é":-5}"#)
    }

    @Test func minimalEscapes() {
        let value = JSONValue.string("q\"b\\s/\u{8}\u{c}\n\r\t\u{0}\u{1f}\u{7f}é😀\u{2028}")
        #expect(text(value.canonicalBytes) == "\"q\\\"b\\\\s/\\b\\f\\n\\r\\t\\u0000\\u001f\u{7f}é😀\u{2028}\"")
    }

    @Test func sameContentSameBytes() throws {
        let first = try JSONParser.parse(utf8(#"{ "z" : [1, 2], "a" : { "y" : "\u00e9", "x" : "\/" } }"#))
        let second = try JSONParser.parse(utf8("{\"a\":{\"x\":\"/\",\"y\":\"é\"},\"z\":[1,2]}\n"))
        #expect(first == second)
        #expect(first.canonicalBytes == second.canonicalBytes)
        #expect(text(first.canonicalBytes) == #"{"a":{"x":"/","y":"é"},"z":[1,2]}"#)
    }

    @Test func roundTripIsByteStable() throws {
        let value = JSONValue.object([
            "n": .integer(UInt64.max), "m": .integer(Int64.min), "s": .string("\u{0}\u{ffff}\u{10ffff}"),
            "nested": .array([.array([.object(["k": .null])])]),
        ])
        let bytes = value.canonicalBytes
        #expect(try JSONParser.parse(bytes) == value)
        #expect(try JSONParser.parse(bytes).canonicalBytes == bytes)
    }

    @Test func numbersHaveOneForm() {
        #expect(JSONNumber(Int64(-1)).description == "-1")
        #expect(JSONNumber(UInt64(0)) == JSONNumber(Int64(0)))
        #expect(JSONNumber(Int64.min).int64Value == Int64.min)
        #expect(JSONNumber(UInt64.max).int64Value == nil)
        #expect(JSONNumber(Int64(-3)).uint64Value == nil)
        #expect(JSONValue.integer(UInt64(7)).type == .integer)
    }
}
