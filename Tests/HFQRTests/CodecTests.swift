import Testing
import QRFixtures

@testable import HFQR

@Suite struct CodecTests {
    /// RFC 4648 §10, without padding.
    static let base32Vectors: [(String, String)] = [
        ("", ""), ("f", "MY"), ("fo", "MZXQ"), ("foo", "MZXW6"), ("foob", "MZXW6YQ"), ("fooba", "MZXW6YTB"),
        ("foobar", "MZXW6YTBOI"),
    ]

    @Test func base32KnownAnswers() throws {
        for (plain, encoded) in Self.base32Vectors {
            #expect(Base32.encode(utf8(plain)) == utf8(encoded))
            #expect(try Base32.decode(utf8(encoded)[...]) == utf8(plain))
            #expect(Base32.encodedLength(plain.utf8.count) == encoded.utf8.count)
        }
    }

    @Test func base32IsStrict() {
        #expect(throws: BBQrError.invalidBase32Length(1)) { try Base32.decode(utf8("M")[...]) }
        #expect(throws: BBQrError.invalidBase32Length(3)) { try Base32.decode(utf8("MZX")[...]) }
        #expect(throws: BBQrError.invalidBase32Length(6)) { try Base32.decode(utf8("MZXW6Y")[...]) }
        #expect(throws: BBQrError.invalidCharacter(offset: 1)) { try Base32.decode(utf8("Mz")[...]) }
        #expect(throws: BBQrError.invalidCharacter(offset: 0)) { try Base32.decode(utf8("1Y")[...]) }
        #expect(throws: BBQrError.invalidCharacter(offset: 1)) { try Base32.decode(utf8("M=")[...]) }
        // "MZ" has stray bits after the byte 0x66 ("MY" is canonical).
        #expect(throws: BBQrError.nonCanonicalBase32) { try Base32.decode(utf8("MZ")[...]) }
    }

    @Test func base32RoundTripsEveryLength() throws {
        for count in 0..<64 {
            let bytes = noise(count, seed: UInt64(count + 1))
            #expect(try Base32.decode(Base32.encode(bytes)[...]) == bytes)
        }
    }

    @Test func upperHex() throws {
        #expect(UpperHex.encode([0x00, 0xab, 0xff]) == utf8("00ABFF"))
        #expect(try UpperHex.decode(utf8("00ABFF")[...]) == [0x00, 0xab, 0xff])
        #expect(throws: BBQrError.invalidCharacter(offset: 2)) { try UpperHex.decode(utf8("00abff")[...]) }
        #expect(throws: BBQrError.oddHexLength(3)) { try UpperHex.decode(utf8("00A")[...]) }
    }

    @Test func base36RejectsOutOfRangeDigits() {
        #expect(Base36.decode(UInt8(ascii: "z"), UInt8(ascii: "0")) == nil)
        #expect(Base36.decode(UInt8(ascii: "0"), UInt8(ascii: "-")) == nil)
        #expect(Base36.decode(UInt8(ascii: "Z"), UInt8(ascii: "Z")) == 1295)
    }

    @Test func rawDeflateRoundTripAndLimits() throws {
        let text = utf8(String(repeating: "{\"headers\":[\"0100000000000000\"]}", count: 200))
        let deflated = Zlib.deflate(text)
        #expect(deflated.count < text.count / 10)
        #expect(try Zlib.inflate(deflated, limit: text.count) == text)
        #expect(throws: BBQrError.payloadTooLarge(limit: text.count - 1)) {
            try Zlib.inflate(deflated, limit: text.count - 1)
        }
        #expect(throws: BBQrError.trailingDeflateData) { try Zlib.inflate(deflated + [0], limit: text.count) }
        #expect(throws: BBQrError.invalidDeflate(reason: "the stream ends before its last block")) {
            try Zlib.inflate(Array(deflated.dropLast(4)), limit: text.count)
        }
        #expect(throws: BBQrError.invalidDeflate(reason: "the stream is empty")) { try Zlib.inflate([], limit: 10) }
        // Reserved block type 3.
        #expect(throws: BBQrError.invalidDeflate(reason: "invalid block type")) { try Zlib.inflate([0x07], limit: 10) }
    }

    /// A stored block of 1025 literal bytes, then a final fixed-Huffman block copying 3 bytes from `distance`
    /// (769…1536: distance code 19 with 8 extra bits, or 20 with 9).
    static func streamCopying(from distance: Int, literal: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x00, 0x01, 0x04, 0xfe, 0xfb] + literal
        let (code, base, extraBits) = distance <= 1024 ? ([1, 0, 0, 1, 1], 769, 8) : ([1, 0, 1, 0, 0], 1025, 9)
        // BFINAL=1, BTYPE=01 (LSB first); length 3 = code 257 (0000001, MSB first); the distance code (MSB first)
        // and its extra bits (LSB first); end of block = code 256 (0000000).
        var bits = [1, 1, 0] + [0, 0, 0, 0, 0, 0, 1] + code
        bits += (0..<extraBits).map { (distance - base) >> $0 & 1 }
        bits += [0, 0, 0, 0, 0, 0, 0]
        var byte: UInt8 = 0
        for (position, bit) in bits.enumerated() {
            byte |= UInt8(bit) << UInt8(position % 8)
            if position % 8 == 7 {
                stream.append(byte)
                byte = 0
            }
        }
        if bits.count % 8 != 0 { stream.append(byte) }
        return stream
    }

    @Test func backReferencesBeyondOneKiBAreRefused() throws {
        let literal = noise(1025, seed: 9)
        let within = try Zlib.inflate(Self.streamCopying(from: 1024, literal: literal), limit: 4096)
        #expect(within == literal + literal[1...3])
        #expect(throws: BBQrError.invalidDeflate(reason: "invalid distance too far back")) {
            try Zlib.inflate(Self.streamCopying(from: 1025, literal: literal), limit: 4096)
        }
    }
}
