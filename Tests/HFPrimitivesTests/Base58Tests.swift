import HFPrimitives
import Testing

/// Bitcoin Core `src/test/data/base58_encode_decode.json`.
private let coreVectors: [(hex: String, base58: String)] = [
    ("", ""),
    ("61", "2g"),
    ("626262", "a3gV"),
    ("636363", "aPEr"),
    ("73696d706c792061206c6f6e6720737472696e67", "2cFupjhnEsSn59qHXstmK2ffpLv2"),
    ("00eb15231dfceb60925886b67d065299925915aeb172c06647", "1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L"),
    ("516b6fcd0f", "ABnLTmg"),
    ("bf4f89001e670274dd", "3SEo3LWLoPntC"),
    ("572e4794", "3EFU7m"),
    ("ecac89cad93923c02321", "EJDM8drfXA6uyA"),
    ("10c8511e", "Rt5zm"),
    ("00000000000000000000", "1111111111"),
]

@Suite struct Base58Tests {
    @Test(arguments: coreVectors)
    func bitcoinCoreEncode(hex: String, base58: String) throws {
        #expect(Base58.encode(try [UInt8](hex: hex)) == base58)
    }

    @Test(arguments: coreVectors)
    func bitcoinCoreDecode(hex: String, base58: String) throws {
        #expect(try Base58.decode(base58).hex == hex)
    }

    @Test func leadingZerosAndOnes() throws {
        #expect(Base58.encode([0]) == "1")
        #expect(Base58.encode([0, 0, 1]) == "112")
        #expect(try Base58.decode("112") == [0, 0, 1])
        #expect(try Base58.decode("1") == [0])
        #expect(Base58.encode([1, 2, 3, 4, 5]) == "7bWpTW")
    }

    @Test func roundTripsManyLengthsAndPatterns() throws {
        for length in 0...80 {
            for pattern: UInt8 in [0x00, 0x01, 0x7f, 0xff] {
                var bytes = [UInt8](repeating: 0, count: length)
                for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 37) ^ pattern }
                if length > 2 { bytes[0] = 0 }
                #expect(try Base58.decode(Base58.encode(bytes), maxLength: 200) == bytes)
            }
        }
    }

    @Test(arguments: [
        ("0", 0), ("O", 0), ("I", 0), ("l", 0), ("1l", 1), ("abc ", 3), (" abc", 0), ("ab+c", 2), ("€", 0),
    ])
    func rejectsInvalidCharacters(text: String, offset: Int) {
        #expect(throws: Base58Error.invalidCharacter(offset: offset)) { try Base58.decode(text) }
        #expect(throws: Base58Error.invalidCharacter(offset: offset)) { try Base58.decodeCheck(text) }
    }

    @Test func boundsLength() throws {
        let ok = String(repeating: "2", count: Base58.defaultMaxLength)
        #expect(try Base58.decode(ok).count > 0)
        let long = String(repeating: "2", count: Base58.defaultMaxLength + 1)
        #expect(throws: Base58Error.tooLong) { try Base58.decode(long) }
        #expect(throws: Base58Error.tooLong) { try Base58.decodeCheck(long) }
        #expect(throws: Base58Error.tooLong) { try Base58.decode("2g", maxLength: 1) }
        #expect(try Base58.decode(long, maxLength: 129).count > 0)
        // A huge input is refused before the quadratic work starts.
        let huge = String(repeating: "z", count: 1_000_000)
        #expect(throws: Base58Error.tooLong) { try Base58.decode(huge) }
    }

    @Test func checkKnownAnswers() throws {
        // Empty payload: the checksum alone, first 4 bytes of hash256("") = 5df6e0e2.
        #expect(Base58.encodeCheck([]) == "3QJmnh")
        #expect(try Base58.decodeCheck("3QJmnh") == [])
        let payload = try [UInt8](hex: "00751e76e8199196d454941c45d1b3a323f1433bd6")
        #expect(Base58.encodeCheck(payload) == "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH")
        #expect(try Base58.decodeCheck("1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH") == payload)
    }

    @Test func checkRoundTrips() throws {
        for length in 0...40 {
            let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 101 &+ 7) }
            #expect(try Base58.decodeCheck(Base58.encodeCheck(payload)) == payload)
        }
    }

    @Test func checkRejectsEveryFlippedChecksumBit() throws {
        let payload = try [UInt8](hex: "00751e76e8199196d454941c45d1b3a323f1433bd6")
        let full = try Base58.decode(Base58.encodeCheck(payload))
        for index in full.indices {
            for bit in 0..<8 {
                var damaged = full
                damaged[index] ^= 1 << bit
                #expect(throws: Base58Error.badChecksum) { try Base58.decodeCheck(Base58.encode(damaged)) }
            }
        }
    }

    @Test func checkRejectsTyposAndShortInput() {
        // Last character changed.
        #expect(throws: Base58Error.badChecksum) { try Base58.decodeCheck("1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMJ") }
        // Two characters swapped.
        #expect(throws: Base58Error.badChecksum) { try Base58.decodeCheck("1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SMAH") }
        #expect(throws: Base58Error.tooShort) { try Base58.decodeCheck("") }
        #expect(throws: Base58Error.tooShort) { try Base58.decodeCheck("2g") }
        #expect(throws: Base58Error.tooShort) { try Base58.decodeCheck("3EFU") }
        #expect(throws: Base58Error.badChecksum) { try Base58.decodeCheck("3EFU7m") }
    }
}
