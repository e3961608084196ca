import Testing

@testable import HFQR

/// The error parsing `text` as a frame throws, or nil.
private func parseError(_ text: String) -> BBQrError? {
    do {
        _ = try BBQrFrame(parsing: text)
        return nil
    } catch {
        return error
    }
}

@Suite struct BBQrFrameTests {
    @Test func parsesAHeaderAndPayload() throws {
        let frame = try BBQrFrame(parsing: "B$2J0A03MZXW6YTB")
        #expect(frame.header.encoding == .base32)
        #expect(frame.header.fileType == .json)
        #expect(frame.header.count == 10)
        #expect(frame.header.index == 3)
        #expect(frame.header.seriesPrefix == "B$2J0A")
        #expect(frame.bytes == utf8("fooba"))
        #expect(frame.text == "B$2J0A03MZXW6YTB")
        #expect(try BBQrHeader(encoding: .zlib, fileType: .binary, count: 1295, index: 1294).description == "B$ZBZZZY")
    }

    @Test func headerFaults() {
        #expect(parseError("") == .truncatedHeader(length: 0))
        #expect(parseError("B") == .truncatedHeader(length: 1))
        #expect(parseError("B$2J0") == .truncatedHeader(length: 5))
        #expect(parseError("b$2J0100MY") == .missingPrefix)
        #expect(parseError("UR:BYTES/xyz") == .missingPrefix)
        #expect(parseError("B$QJ0100MY") == .unknownEncoding("Q"))
        #expect(parseError("B$2j0100MY") == .invalidFileType("j"))
        #expect(parseError("B$2J0000MY") == .invalidCount("00"))
        #expect(parseError("B$2Jz100MY") == .invalidCount("z1"))
        #expect(parseError("B$2J01-0MY") == .invalidIndex("-0"))
        #expect(parseError("B$2J0101MY") == .indexOutOfRange(index: 1, count: 1))
        #expect(throws: BBQrError.invalidFileType("é")) { try BBQrFileType("é") }
        #expect(throws: BBQrError.indexOutOfRange(index: 2, count: 2)) {
            try BBQrHeader(encoding: .hex, fileType: .json, count: 2, index: 2)
        }
        #expect(throws: BBQrError.invalidCount("1296")) {
            try BBQrHeader(encoding: .hex, fileType: .json, count: 1296, index: 0)
        }
    }

    @Test func payloadFaults() {
        #expect(parseError("B$2J0100") == .emptyPart(index: 0))
        #expect(parseError("B$2J0200MZXW6Y") == .partNotWholeBytes(index: 0, length: 6, modulus: 8))
        #expect(parseError("B$HJ0200ABC") == .partNotWholeBytes(index: 0, length: 3, modulus: 2))
        #expect(parseError("B$2J0201MZXW6Y") == .invalidBase32Length(6))
        #expect(parseError("B$2J0100MZXW6ytb") == .invalidCharacter(offset: 13))
        #expect(parseError("B$HJ0100ab") == .invalidCharacter(offset: 8))
        #expect(parseError("B$ZJ0100MZ") == .nonCanonicalBase32)
        #expect(parseError("B$2J0100" + String(repeating: "A", count: 7082))
            == .frameTooLong(length: 7090, limit: 7089))
    }

    @Test func fileTypeSuggestion() {
        #expect(BBQrFileType.suggested(for: utf8(" {\"format\":\"hftx\"}")) == .json)
        #expect(BBQrFileType.suggested(for: utf8("hello\nworld\n")) == .text)
        #expect(BBQrFileType.suggested(for: utf8("HFBK1") + [0, 1, 2]) == .binary)
        #expect(BBQrFileType.suggested(for: [0xff, 0xfe]) == .binary)
    }
}
