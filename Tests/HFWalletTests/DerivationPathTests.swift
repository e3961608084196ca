import Testing

@testable import HFWallet

@Suite struct DerivationPathTests {
    @Test func parsesAllHardenedMarkers() throws {
        let expected: [UInt32] = [0x8000_002C, 0x8000_00EC, 0x8000_0000, 0, 5]
        for text in ["m/44'/236'/0'/0/5", "m/44h/236H/0'/0/5", "m/44H/236h/0h/0/5"] {
            #expect(try DerivationPath(text).indices == expected, "\(text)")
        }
        #expect(try DerivationPath("m/44h/236H/0'/0/5").description == "m/44'/236'/0'/0/5")
        #expect(try DerivationPath("m").indices.isEmpty)
        #expect(try DerivationPath("m/2147483647'/2147483647").indices == [0xFFFF_FFFF, 0x7FFF_FFFF])
        #expect(try DerivationPath("m/0/10").indices == [0, 10])
    }

    @Test(arguments: [
        ("", DerivationPathError.missingRoot),
        ("44'/0", .missingRoot),
        ("M/0", .missingRoot),
        ("/0", .missingRoot),
        ("m/", .emptyComponent(position: 1)),
        ("m//1", .emptyComponent(position: 1)),
        ("m/1/", .emptyComponent(position: 2)),
        ("m/1/x", .invalidComponent(position: 2)),
        ("m/'", .invalidComponent(position: 1)),
        ("m/1''", .invalidComponent(position: 1)),
        ("m/-1", .invalidComponent(position: 1)),
        ("m/+1", .invalidComponent(position: 1)),
        ("m/ 1", .invalidComponent(position: 1)),
        ("m/01", .invalidComponent(position: 1)),
        ("m/1'h", .invalidComponent(position: 1)),
        ("m/0/2147483648", .indexOutOfRange(position: 2)),
        ("m/2147483648'", .indexOutOfRange(position: 1)),
        ("m/99999999999", .indexOutOfRange(position: 1)),
    ])
    func rejectsMalformedPaths(text: String, error: DerivationPathError) {
        #expect(throws: error, "\(text)") { try DerivationPath(text) }
    }

    @Test func rejectsTooDeep() throws {
        let deep = "m" + String(repeating: "/0", count: 256)
        #expect(throws: DerivationPathError.tooDeep) { try DerivationPath(deep) }
        #expect(try DerivationPath("m" + String(repeating: "/0", count: 255)).indices.count == 255)
    }
}
