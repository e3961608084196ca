import HFPrimitives
import Testing

@Suite struct ByteReaderWriterTests {
    @Test func writerKnownAnswer() {
        var writer = ByteWriter(capacity: 64)
        writer.appendUInt8(0xab)
        writer.appendUInt16LE(0x0102)
        writer.appendUInt16BE(0x0102)
        writer.appendUInt32LE(0x0102_0304)
        writer.appendUInt32BE(0x0102_0304)
        writer.appendInt32LE(-2)
        writer.appendUInt64LE(0x0102_0304_0506_0708)
        writer.appendUInt64BE(0x0102_0304_0506_0708)
        writer.appendCompactSize(0xfd)
        writer.appendVarBytes([0xaa, 0xbb])
        writer.appendBytes([0xcc])
        let expected =
            "ab" + "0201" + "0102" + "04030201" + "01020304" + "feffffff" + "0807060504030201" + "0102030405060708"
            + "fdfd00" + "02aabb" + "cc"
        #expect(writer.bytes.hex == expected)
        #expect(writer.count == expected.utf8.count / 2)
    }

    @Test func readerRoundTrip() throws {
        var writer = ByteWriter()
        writer.appendUInt8(0xab)
        writer.appendUInt16LE(0xbeef)
        writer.appendUInt16BE(0xbeef)
        writer.appendUInt32LE(0xdead_beef)
        writer.appendUInt32BE(0xdead_beef)
        writer.appendInt32LE(.min)
        writer.appendUInt64LE(.max - 1)
        writer.appendUInt64BE(0x8000_0000_0000_0001)
        writer.appendCompactSize(70_000)
        writer.appendVarBytes([1, 2, 3])
        writer.appendVarBytes([])
        writer.appendBytes([9, 9])

        var reader = ByteReader(writer.bytes)
        #expect(try reader.readUInt8() == 0xab)
        #expect(try reader.readUInt16LE() == 0xbeef)
        #expect(try reader.readUInt16BE() == 0xbeef)
        #expect(try reader.readUInt32LE() == 0xdead_beef)
        #expect(try reader.readUInt32BE() == 0xdead_beef)
        #expect(try reader.readInt32LE() == .min)
        #expect(try reader.readUInt64LE() == .max - 1)
        #expect(try reader.readUInt64BE() == 0x8000_0000_0000_0001)
        #expect(try reader.readCompactSize(max: 70_000) == 70_000)
        #expect(try reader.readVarBytes(maxLength: 3) == [1, 2, 3])
        #expect(try reader.readVarBytes(maxLength: 0) == [])
        #expect(reader.remaining == 2)
        #expect(!reader.isAtEnd)
        #expect(throws: ByteReaderError.trailingBytes(2)) { try reader.finish() }
        #expect(reader.readToEnd() == [9, 9])
        #expect(reader.isAtEnd)
        #expect(reader.remaining == 0)
        try reader.finish()
    }

    @Test func byteOrderOfFixedWidthReads() throws {
        var reader = ByteReader([0x01, 0x02, 0x03, 0x04, 0x01, 0x02, 0x03, 0x04])
        #expect(try reader.readUInt32LE() == 0x0403_0201)
        #expect(try reader.readUInt32BE() == 0x0102_0304)
    }

    @Test func truncationLeavesPositionUnchanged() throws {
        var reader = ByteReader([1, 2, 3])
        #expect(try reader.readUInt8() == 1)
        #expect(throws: ByteReaderError.truncated(needed: 4, available: 2)) { try reader.readUInt32LE() }
        #expect(throws: ByteReaderError.truncated(needed: 8, available: 2)) { try reader.readUInt64LE() }
        #expect(throws: ByteReaderError.truncated(needed: 8, available: 2)) { try reader.readUInt64BE() }
        #expect(throws: ByteReaderError.truncated(needed: 4, available: 2)) { try reader.readUInt32BE() }
        #expect(throws: ByteReaderError.truncated(needed: 4, available: 2)) { try reader.readInt32LE() }
        #expect(throws: ByteReaderError.truncated(needed: 3, available: 2)) { try reader.readBytes(3) }
        #expect(reader.offset == 1)
        #expect(try reader.readUInt16BE() == 0x0203)
        #expect(throws: ByteReaderError.truncated(needed: 1, available: 0)) { try reader.readUInt8() }
        #expect(throws: ByteReaderError.truncated(needed: 2, available: 0)) { try reader.readUInt16LE() }
        #expect(try reader.readBytes(0) == [])
    }

    @Test func varBytesRejections() {
        var reader = ByteReader([0x03, 0xaa, 0xbb])
        #expect(throws: ByteReaderError.truncated(needed: 3, available: 2)) { try reader.readVarBytes(maxLength: 10) }
        reader = ByteReader([0x03, 0xaa, 0xbb, 0xcc])
        #expect(throws: ByteReaderError.valueTooLarge) { try reader.readVarBytes(maxLength: 2) }
        reader = ByteReader([0xfd, 0x03, 0x00, 0xaa, 0xbb, 0xcc])
        #expect(throws: ByteReaderError.nonCanonicalCompactSize) { try reader.readVarBytes(maxLength: 10) }
    }
}
