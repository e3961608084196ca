import HFPrimitives
import Testing

/// Boundary values and their minimal encodings.
private let boundaries: [(value: UInt64, hex: String)] = [
    (0, "00"),
    (1, "01"),
    (0xfc, "fc"),
    (0xfd, "fdfd00"),
    (0xfe, "fdfe00"),
    (0xff, "fdff00"),
    (0x100, "fd0001"),
    (0xffff, "fdffff"),
    (0x1_0000, "fe00000100"),
    (0x1234_5678, "fe78563412"),
    (0xffff_ffff, "feffffffff"),
    (0x1_0000_0000, "ff0000000001000000"),
    (0x0102_0304_0506_0708, "ff0807060504030201"),
    (.max, "ffffffffffffffffff"),
]

@Suite struct CompactSizeTests {
    @Test(arguments: boundaries)
    func encodes(value: UInt64, hex: String) {
        #expect(CompactSize.encode(value).hex == hex)
        #expect(CompactSize.encodedLength(of: value) == hex.utf8.count / 2)
    }

    @Test(arguments: boundaries)
    func decodes(value: UInt64, hex: String) throws {
        var reader = ByteReader(try [UInt8](hex: hex))
        #expect(try reader.readCompactSize(max: .max) == value)
        try reader.finish()
    }

    @Test(arguments: [
        "fd0000", "fdfc00", "fe00000000", "feffff0000", "ff0000000000000000", "ffffffffff00000000",
    ])
    func rejectsNonCanonical(hex: String) throws {
        var reader = ByteReader(try [UInt8](hex: hex))
        #expect(throws: ByteReaderError.nonCanonicalCompactSize) { try reader.readCompactSize(max: .max) }
    }

    @Test func enforcesMax() throws {
        var reader = ByteReader([0xfd, 0x00, 0x01])
        #expect(throws: ByteReaderError.valueTooLarge) { try reader.readCompactSize(max: 0xff) }
        reader = ByteReader([0xfd, 0x00, 0x01])
        #expect(try reader.readCompactSize(max: 0x100) == 0x100)
        reader = ByteReader([0x05])
        #expect(throws: ByteReaderError.valueTooLarge) { try reader.readCompactSize(max: 4) }
        reader = ByteReader([0x05])
        #expect(try reader.readCount(max: 5) == 5)
        reader = ByteReader([0xff, 0, 0, 0, 0, 0, 0, 0, 0x80])
        #expect(throws: ByteReaderError.valueTooLarge) { try reader.readCount(max: .max) }
    }

    @Test(arguments: ["", "fd", "fd00", "fe000001", "ff00000000010000"])
    func rejectsTruncated(hex: String) throws {
        var reader = ByteReader(try [UInt8](hex: hex))
        #expect(throws: ByteReaderError.self) { try reader.readCompactSize(max: .max) }
    }

    @Test func truncationReportsNeededAndAvailable() throws {
        var reader = ByteReader([0xfe, 0x01, 0x02])
        #expect(throws: ByteReaderError.truncated(needed: 4, available: 2)) { try reader.readCompactSize(max: .max) }
        reader = ByteReader([])
        #expect(throws: ByteReaderError.truncated(needed: 1, available: 0)) { try reader.readCompactSize(max: .max) }
    }
}
