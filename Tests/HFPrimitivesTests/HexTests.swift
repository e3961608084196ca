import HFPrimitives
import Testing

@Suite struct HexTests {
    @Test func knownAnswers() throws {
        #expect(Hex.encode([]) == "")
        #expect(Hex.encode([0x00, 0x01, 0x7f, 0x80, 0xab, 0xff]) == "00017f80abff")
        #expect(try Hex.decode("") == [])
        #expect(try Hex.decode("00017f80abff") == [0x00, 0x01, 0x7f, 0x80, 0xab, 0xff])
        #expect(try Hex.decode("DEADbeef") == [0xde, 0xad, 0xbe, 0xef])
    }

    @Test func encodesAnySequenceInOrder() {
        #expect(Hex.encode([UInt8]([1, 2, 3]).reversed()) == "030201")
        #expect(Hex.encode(0...15 as ClosedRange<UInt8>) == "000102030405060708090a0b0c0d0e0f")
    }

    @Test func arrayExtension() throws {
        let bytes: [UInt8] = [0xca, 0xfe]
        #expect(bytes.hex == "cafe")
        #expect(try [UInt8](hex: "CAFE") == bytes)
        #expect(throws: HexError.oddLength(3)) { try [UInt8](hex: "caf") }
    }

    @Test func roundTripsEveryByte() throws {
        let all = [UInt8](0...255)
        let text = Hex.encode(all)
        #expect(text.utf8.count == 512)
        #expect(try Hex.decode(text) == all)
        #expect(try Hex.decode(text.uppercased()) == all)
    }

    @Test func rejectsOddLength() {
        #expect(throws: HexError.oddLength(1)) { try Hex.decode("a") }
        #expect(throws: HexError.oddLength(5)) { try Hex.decode("abcde") }
    }

    @Test(arguments: [
        ("0g", 1), ("g0", 0), ("0x00", 1), (" 00", 0), ("00 ", 2), ("ab:cd", 2), ("é0", 0), ("00\n", 2), ("-1", 0),
        ("abc", -1),
    ])
    func rejectsInvalidCharacters(text: String, offset: Int) {
        if offset < 0 {
            #expect(throws: HexError.oddLength(3)) { try Hex.decode(text) }
        } else {
            #expect(throws: HexError.invalidCharacter(offset: offset)) { try Hex.decode(text) }
        }
    }

    @Test func invalidCharacterWinsOverOddLength() {
        #expect(throws: HexError.invalidCharacter(offset: 2)) { try Hex.decode("abz") }
    }
}
