import HFBundles
import Testing

@Suite struct RFC3339TimestampTests {
    @Test(arguments: [
        ("1970-01-01T00:00:00Z", 0),
        ("2026-11-30T12:34:56Z", 1_796_042_096),
        ("2026-11-30T13:34:56+01:00", 1_796_042_096),
        ("2026-11-30T07:04:56-05:30", 1_796_042_096),
        ("2026-11-30t12:34:56.123456789z", 1_796_042_096),
        ("2024-02-29T00:00:00Z", 1_709_164_800),
        ("2000-02-29T00:00:00Z", 951_782_400),
        ("2016-12-31T23:59:60Z", 1_483_228_800),
        ("1969-12-31T23:59:59Z", -1),
        ("0000-01-01T00:00:00Z", -62_167_219_200),
    ] as [(String, Int64)])
    func accepts(text: String, seconds: Int64) throws {
        let timestamp = try RFC3339Timestamp(text)
        #expect(timestamp.text == text)
        #expect(timestamp.secondsSince1970 == seconds)
    }

    @Test(arguments: [
        ("2026-11-30 12:34:56Z", RFC3339Error.invalidSyntax),
        ("2026-11-30T12:34:56", .invalidSyntax),
        ("2026-11-30T12:34Z", .invalidSyntax),
        ("2026-11-30T12:34:56.Z", .invalidSyntax),
        ("2026-11-30T12:34:56.1234567890Z", .invalidSyntax),
        ("2026-11-30T12:34:56+0100", .invalidSyntax),
        ("2026-11-30T12:34:56Z ", .invalidSyntax),
        ("26-11-30T12:34:56Z", .invalidSyntax),
        ("2026-1-30T12:34:56Z", .invalidSyntax),
        ("２026-11-30T12:34:56Z", .invalidSyntax),
        ("2026-13-01T00:00:00Z", .invalidDate),
        ("2026-00-01T00:00:00Z", .invalidDate),
        ("2026-02-29T00:00:00Z", .invalidDate),
        ("1900-02-29T00:00:00Z", .invalidDate),
        ("2026-04-31T00:00:00Z", .invalidDate),
        ("2026-04-00T00:00:00Z", .invalidDate),
        ("2026-11-30T24:00:00Z", .invalidTime),
        ("2026-11-30T12:60:00Z", .invalidTime),
        ("2026-11-30T12:58:60Z", .invalidTime),
        ("2026-11-30T12:34:56+24:00", .invalidOffset),
        ("2026-11-30T12:34:56-01:60", .invalidOffset),
    ])
    func rejects(text: String, error: RFC3339Error) {
        #expect(throws: error) { try RFC3339Timestamp(text) }
    }

    @Test func rendersUTC() throws {
        #expect(try RFC3339Timestamp(secondsSince1970: 0).text == "1970-01-01T00:00:00Z")
        #expect(try RFC3339Timestamp(secondsSince1970: 1_796_042_096).text == "2026-11-30T12:34:56Z")
        #expect(try RFC3339Timestamp(secondsSince1970: -1).text == "1969-12-31T23:59:59Z")
        #expect(try RFC3339Timestamp(secondsSince1970: 951_782_400).text == "2000-02-29T00:00:00Z")
        #expect(try RFC3339Timestamp(secondsSince1970: 253_402_300_799).text == "9999-12-31T23:59:59Z")
        #expect(throws: RFC3339Error.outOfRange) { try RFC3339Timestamp(secondsSince1970: 253_402_300_800) }
        #expect(throws: RFC3339Error.outOfRange) { try RFC3339Timestamp(secondsSince1970: -62_167_219_201) }
        for seconds: Int64 in stride(from: -5_000_000_000, to: 5_000_000_000, by: 86_399 * 37) {
            let timestamp = try RFC3339Timestamp(secondsSince1970: seconds)
            #expect(try RFC3339Timestamp(timestamp.text).secondsSince1970 == seconds)
        }
    }
}
