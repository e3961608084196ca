import HFPrimitives
import HFTestSupport
import Testing

/// The B:// upload script against answers written out by hand from the protocol's definition
/// (`OP_FALSE OP_RETURN 19HxigV4QyBv3tHpQVcUEQyq1pzZVdoAut <data> <media type> <encoding> <filename>`).
@Suite struct BUploadScriptTests {
    /// The ASCII bytes of `text`, spelled out here rather than taken from the builder's constant.
    static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func aKnownPNGUploadMatchesTheHandBuiltScriptByteForByte() throws {
        let png = TinyPNG.bytes
        #expect(png.count == 67)
        var expected: [UInt8] = [0x00, 0x6a]  // OP_FALSE OP_RETURN
        expected += [0x22] + Self.ascii("19HxigV4QyBv3tHpQVcUEQyq1pzZVdoAut")  // 34-byte direct push
        expected += [0x43] + png  // 67-byte direct push
        expected += [0x09] + Self.ascii("image/png")
        expected += [0x06] + Self.ascii("binary")
        expected += [0x07] + Self.ascii("dot.png")
        let script = Script(bUpload: png, mediaType: "image/png", filename: "dot.png")
        #expect(script.bytes == expected)
        #expect(script.bytes.count == 2 + 35 + 68 + 10 + 7 + 8)
        #expect(script.isDataOutput)
        #expect(try script.dataOutputPushes() == [
            Self.ascii("19HxigV4QyBv3tHpQVcUEQyq1pzZVdoAut"), png, Self.ascii("image/png"), Self.ascii("binary"),
            Self.ascii("dot.png"),
        ])
    }

    @Test func largerFilesUsePushData1AndPushData2() {
        let small = [UInt8](repeating: 0xab, count: 200)
        let script = Script(bUpload: small, mediaType: "text/plain", encoding: "utf-8", filename: "a.txt")
        var expected: [UInt8] = [0x00, 0x6a, 0x22] + Self.ascii("19HxigV4QyBv3tHpQVcUEQyq1pzZVdoAut")
        expected += [0x4c, 0xc8] + small  // OP_PUSHDATA1, one length byte (200)
        expected += [0x0a] + Self.ascii("text/plain") + [0x05] + Self.ascii("utf-8") + [0x05] + Self.ascii("a.txt")
        #expect(script.bytes == expected)

        let large = [UInt8](repeating: 0x01, count: 300)
        let big = Script(bUpload: large, mediaType: "image/png", filename: "b.png")
        let prefix: [UInt8] = [0x00, 0x6a, 0x22] + Self.ascii("19HxigV4QyBv3tHpQVcUEQyq1pzZVdoAut")
        #expect(Array(big.bytes[..<37]) == prefix)
        #expect(Array(big.bytes[37..<40]) == [0x4d, 0x2c, 0x01])  // OP_PUSHDATA2, 300 little-endian
        #expect(Array(big.bytes[40..<340]) == large)
    }

    @Test func dataOutputsOfSeveralPushesUseTheShortestPushes() {
        let script = Script(dataOutput: [[0x01], Array(repeating: 0x02, count: 75), Array(repeating: 0x03, count: 76)])
        let expected: [UInt8] =
            [0x00, 0x6a, 0x01, 0x01, 0x4b] + Array(repeating: 0x02, count: 75) + [0x4c, 0x4c]
            + Array(repeating: 0x03, count: 76)
        #expect(script.bytes == expected)
    }
}
