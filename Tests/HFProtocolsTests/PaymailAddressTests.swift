import HFProtocols
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
