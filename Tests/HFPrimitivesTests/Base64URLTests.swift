import HFPrimitives
import Testing

@Suite struct Base64URLTests {
    @Test func knownAnswersAndRoundTrips() throws {
        // RFC 4648 §10 vectors, without padding.
        let vectors = [("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy")]
        for (plain, encoded) in vectors {
            #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
            #expect(Base64URL.decode(encoded) == Array(plain.utf8))
        }
        #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
        for length in 0..<40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) }
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
    }

    @Test(arguments: ["Zg==", "Zm9v\n", "+/8", "Z", "Zh", "Zm9", "Zm9vY"])
    func rejections(text: String) {
        #expect(Base64URL.decode(text) == nil, "\(text)")
    }
}
