import HFPrimitives
import Testing

/// BIP 21 URIs as `address next --qr --amount` writes them: decimal BSV, exact, shortest form.
@Suite struct PaymentURITests {
    @Test(arguments: [
        (UInt64(60_000), "0.0006"), (1, "0.00000001"), (100_000_000, "1"), (150_000_000, "1.5"),
        (123_456_789, "1.23456789"), (10, "0.0000001"), (0, "0"), (2_100_000_000_000_000, "21000000"),
        (2_099_999_999_999_999, "20999999.99999999"), (100_000_010, "1.0000001"),
    ])
    func decimalsAreExactAndShortest(satoshis: UInt64, text: String) throws {
        let amount = try Amount(satoshis: satoshis)
        #expect(PaymentURI.bip21Decimal(amount) == text)
        #expect(try Amount(bsv: text) == amount, "parses back to the same satoshis")
    }

    @Test func theURIHoldsTheAddressAndTheAmountOnlyWhenAsked() throws {
        let address = try Address(string: "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH", network: .main)
        #expect(PaymentURI(address: address).string == "bitcoin:1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH")
        #expect(PaymentURI(address: address, amount: try Amount(satoshis: 60_000)).string
            == "bitcoin:1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH?amount=0.0006")
    }
}
