import HFBundles
import Testing

/// BRC-100's byte strings in JSON: arrays of numbers 0–255, both ways, and what is not one.
@Suite struct JSONValueBytesTests {
    @Test func bytesAreArraysOfNumbers() throws {
        #expect(JSONValue.bytes([0, 7, 255]) == .array([.integer(0), .integer(7), .integer(255)]))
        #expect(JSONValue.bytes([]).canonicalBytes == Array("[]".utf8))
        #expect(JSONValue.array([.integer(0), .integer(255)]).byteValues == [0, 255])
        #expect(JSONValue.array([]).byteValues == [])
    }

    @Test func anythingElseIsNotBytes() {
        for value: JSONValue in [
            .array([.integer(256)]), .array([.integer(-1)]), .array([.string("1")]), .array([.array([])]),
            .string("AAEC"), .integer(1), .null, .object([:]),
        ] {
            #expect(value.byteValues == nil, "\(value)")
        }
    }
}
