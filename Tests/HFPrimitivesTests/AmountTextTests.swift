import HFPrimitives
import HFTestSupport
import Testing

/// `AmountText`: the amounts every human line shows, against known answers written out by hand and against the
/// independent `ExpectedAmount` of the test support.
@Suite struct AmountTextTests {
    @Test func knownAnswers() {
        #expect(AmountText.bsv(0) == "0 BSV (0 sat)")
        #expect(AmountText.bsv(1) == "0.00000001 BSV (1 sat)")
        #expect(AmountText.bsv(50_000_000) == "0.5 BSV (50,000,000 sat)")
        #expect(AmountText.bsv(132_654_321) == "1.32654321 BSV (132,654,321 sat)")
        #expect(AmountText.bsv(2_100_000_000_000_000) == "21000000 BSV (2,100,000,000,000,000 sat)")
        #expect(AmountText.bsv(UInt64.max) == "184467440737.09551615 BSV (18,446,744,073,709,551,615 sat)")
        #expect(AmountText.signed(150_000) == "+0.0015 BSV (150,000 sat)")
        #expect(AmountText.signed(-60_001) == "-0.00060001 BSV (60,001 sat)")
        #expect(AmountText.signed(Int64.min) == "-92233720368.54775808 BSV (9,223,372,036,854,775,808 sat)")
        #expect(AmountText.signed(0) == "0 BSV (0 sat)")
        #expect(AmountText.grouped(999) == "999" && AmountText.grouped(1_000) == "1,000")
    }

    @Test(arguments: [
        0, 1, 9, 10, 99_999_999, 100_000_000, 100_000_001, 123_456_789_012, 2_099_999_997_690_000,
    ] as [UInt64])
    func agreesWithTheIndependentFormatter(satoshis: UInt64) {
        #expect(AmountText.bsv(satoshis) == ExpectedAmount.bsv(satoshis))
    }
}
