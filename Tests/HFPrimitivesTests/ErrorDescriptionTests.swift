import HFPrimitives
import Testing

/// Issue 14: the errors of HFPrimitives read as sentences, never as Swift enum text (`oddLength(685)`,
/// `truncated(needed: 4, available: 3)`, `wrongNetwork(expected: HFPrimitives.Network.regtest, …)`).
@Suite struct ErrorDescriptionTests {
    @Test func knownAnswers() {
        #expect(HexError.oddLength(685).description
            == "the hex text has an odd number of characters (685); each byte needs two digits")
        #expect(ByteReaderError.truncated(needed: 4, available: 3).description
            == "the data ends early: a field needs 4 bytes but only 3 remain")
        #expect(AddressError.wrongNetwork(expected: .main, versionByte: 111).description
            == "the address is for test or regtest, not main; use a main address or the matching --network")
        #expect(AddressError.wrongNetwork(expected: .regtest, versionByte: 5).description
            == "the address is not a P2PKH address (its version byte is 5)")
        #expect(Hash32Error.invalidHex(.invalidCharacter(offset: 3)).description
            == "the hash is not hex: the hex text has a character that is not 0-9 or a-f at offset 3")
    }

    @Test func noCaseReadsAsSwiftText() {
        let errors: [any Error & CustomStringConvertible] = [
            HexError.oddLength(1), HexError.invalidCharacter(offset: 0),
            ByteReaderError.truncated(needed: 1, available: 0), ByteReaderError.nonCanonicalCompactSize,
            ByteReaderError.valueTooLarge, ByteReaderError.trailingBytes(2),
            AddressError.invalidEncoding, AddressError.badChecksum, AddressError.wrongLength,
            AddressError.wrongNetwork(expected: .test, versionByte: 0),
            AmountError.exceedsMaxMoney, AmountError.overflow, AmountError.underflow, AmountError.invalidFormat,
            AmountError.tooManyDecimals,
            WIFError.invalidEncoding, WIFError.badChecksum, WIFError.wrongNetwork, WIFError.wrongLength,
            WIFError.invalidKey, WIFError.badCompressionFlag,
            Base58Error.invalidCharacter(offset: 1), Base58Error.badChecksum, Base58Error.tooShort, Base58Error.tooLong,
            Hash32Error.wrongLength(31), Hash32Error.wrongHexLength(63), Hash32Error.invalidHex(.oddLength(3)),
        ]
        for error in errors {
            let text = error.description
            #expect(!text.contains("HFPrimitives.") && !text.contains("(expected:") && !text.contains("(needed:"), "\(text)")
            #expect(text.first.map { $0.isLowercase || $0.isNumber } == true, "a sentence for an error: line: \(text)")
            #expect(text.count > 15, "\(text)")
        }
    }
}
