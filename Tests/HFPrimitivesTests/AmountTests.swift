import Foundation
import HFPrimitives
import Testing

@Suite struct AmountTests {
    @Test func bounds() throws {
        #expect(Amount.maxMoney == 2_100_000_000_000_000)
        #expect(try Amount(satoshis: 0) == .zero)
        #expect(try Amount(satoshis: Amount.maxMoney) == .max)
        #expect(throws: AmountError.exceedsMaxMoney) { try Amount(satoshis: Amount.maxMoney + 1) }
        #expect(throws: AmountError.exceedsMaxMoney) { try Amount(satoshis: .max) }
    }

    @Test(arguments: [
        (UInt64(0), "0.00000000 BSV"),
        (1, "0.00000001 BSV"),
        (1234, "0.00001234 BSV"),
        (99_999_999, "0.99999999 BSV"),
        (100_000_000, "1.00000000 BSV"),
        (150_000_000, "1.50000000 BSV"),
        (12_345_678_901, "123.45678901 BSV"),
        (2_100_000_000_000_000, "21000000.00000000 BSV"),
    ])
    func formats(satoshis: UInt64, text: String) throws {
        let amount = try Amount(satoshis: satoshis)
        #expect(amount.description == text)
        #expect(amount.bsvString + " BSV" == text)
        #expect(try Amount(bsv: amount.bsvString) == amount)
    }

    @Test(arguments: [
        ("0", UInt64(0)), ("1", 100_000_000), ("1.5", 150_000_000), ("0.00001234", 1234), ("0.1", 10_000_000),
        ("21000000", 2_100_000_000_000_000), ("20999999.99999999", 2_099_999_999_999_999), ("007.0", 700_000_000),
        ("0.00000001", 1), ("00000000000000000000000000000001", 100_000_000),
    ])
    func parses(text: String, satoshis: UInt64) throws {
        #expect(try Amount(bsv: text).satoshis == satoshis)
    }

    @Test(arguments: [
        "", ".", "1.", ".5", "-1", "+1", " 1", "1 ", "1,000", "1e3", "1.2.3", "0x10", "1 BSV", "１", "NaN",
        String(repeating: "0", count: 33),
    ])
    func rejectsMalformed(text: String) {
        #expect(throws: AmountError.invalidFormat) { try Amount(bsv: text) }
    }

    @Test func rejectsExcessPrecisionAndRange() {
        #expect(throws: AmountError.tooManyDecimals) { try Amount(bsv: "0.000000001") }
        #expect(throws: AmountError.tooManyDecimals) { try Amount(bsv: "1.000000000000000000000000") }
        #expect(throws: AmountError.exceedsMaxMoney) { try Amount(bsv: "21000000.00000001") }
        #expect(throws: AmountError.exceedsMaxMoney) { try Amount(bsv: "21000001") }
        #expect(throws: AmountError.exceedsMaxMoney) { try Amount(bsv: "99999999999999999999999999999999") }
    }

    @Test func checkedArithmetic() throws {
        let one = try Amount(satoshis: 1)
        let two = try one.adding(one)
        #expect(two.satoshis == 2)
        #expect(try two.subtracting(one) == one)
        #expect(try one.subtracting(one) == .zero)
        #expect(throws: AmountError.underflow) { try one.subtracting(two) }
        #expect(throws: AmountError.underflow) { try Amount.zero.subtracting(one) }
        #expect(try Amount.max.adding(.zero) == .max)
        #expect(throws: AmountError.overflow) { try Amount.max.adding(one) }
        #expect(throws: AmountError.overflow) { try Amount.max.adding(.max) }
        #expect(try Amount.sum([one, two, one]).satoshis == 4)
        #expect(try Amount.sum([Amount]()) == .zero)
        #expect(throws: AmountError.overflow) { try Amount.sum([Amount.max, one]) }
    }

    @Test func ordering() throws {
        let amounts = try [5, 1, 3].map { (value: UInt64) throws(AmountError) in try Amount(satoshis: value) }
        #expect(amounts.sorted().map(\.satoshis) == [1, 3, 5])
        #expect(Amount.zero < Amount.max)
    }

    @Test func codableAsSatoshis() throws {
        let amount = try Amount(satoshis: 1234)
        let data = try JSONEncoder().encode([amount])
        #expect(String(decoding: data, as: UTF8.self) == "[1234]")
        #expect(try JSONDecoder().decode([Amount].self, from: data) == [amount])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([Amount].self, from: Data("[2100000000000001]".utf8))
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Amount].self, from: Data("[-1]".utf8)) }
    }
}
