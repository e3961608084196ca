import HFPrimitives
import Testing

@Suite struct PaymailAddressTests {
    static let validCases: [(String, String, String)] = [
        ("alice@example.com", "alice", "example.com"),
        ("Alice@Example.COM", "alice", "example.com"),
        ("a.b_c-d+e@sub.moneybutton.io", "a.b_c-d+e", "sub.moneybutton.io"),
        ("1@x-y.z9", "1", "x-y.z9"),
    ]

    @Test(arguments: validCases)
    func valid(text: String, alias: String, domain: String) throws {
        let address = try PaymailAddress(text)
        #expect(address.alias == alias)
        #expect(address.domain == domain)
        #expect(address.text == alias + "@" + domain)
        #expect(try PaymailAddress(address.text) == address)
    }

    static let invalidCases: [(String, PaymailAddressError)] = [
        ("", PaymailAddressError.badLength),
        ("a@", .badLength),
        ("a@" + String(repeating: "b", count: 250) + ".com", .badLength),
        ("alice", .notOneAt),
        ("a@b@example.com", .notOneAt),
        ("@example.com", .invalidAlias),
        ("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa@example.com", .invalidAlias),
        (".alice@example.com", .invalidAlias),
        ("alice.@example.com", .invalidAlias),
        ("al..ice@example.com", .invalidAlias),
        ("al ice@example.com", .invalidAlias),
        (" alice@example.com", .invalidAlias),
        ("alïce@example.com", .invalidAlias),
        ("\"a\"@example.com", .invalidAlias),
        ("alice@localhost", .invalidDomain),
        ("alice@127.0.0.1", .invalidDomain),
        ("alice@-example.com", .invalidDomain),
        ("alice@example-.com", .invalidDomain),
        ("alice@example..com", .invalidDomain),
        ("alice@example.com.", .invalidDomain),
        ("alice@exa_mple.com", .invalidDomain),
        ("alice@example.com ", .invalidDomain),
        ("alice@[::1]", .invalidDomain),
        ("alice@aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com", .invalidDomain),
    ]

    @Test(arguments: invalidCases)
    func invalid(text: String, error: PaymailAddressError) {
        #expect(throws: error) { try PaymailAddress(text) }
    }
}

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
