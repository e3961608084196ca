import HFPrimitives
import Testing

/// `ScriptClassification` and `Script.disassembly` on scripts written out byte by byte here (never from a builder).
@Suite struct ScriptClassificationTests {
    /// The direct push of `bytes` (at most 75), written by hand: the length byte, then the bytes.
    static func push(_ bytes: [UInt8]) -> [UInt8] {
        precondition(bytes.count <= 75)
        return [UInt8(bytes.count)] + bytes
    }

    static func push(_ text: String) -> [UInt8] { push(Array(text.utf8)) }

    static let hash = [UInt8](repeating: 0x11, count: 20)

    @Test func p2pkhIsExactlyTheTwentyFiveByteTemplate() {
        let script = Script(bytes: [0x76, 0xa9, 0x14] + Self.hash + [0x88, 0xac])
        #expect(ScriptClassification(script) == .p2pkh(hash160: Self.hash))
        #expect(ScriptClassification(script).kind == .p2pkh)
        #expect(script.disassembly == "OP_DUP OP_HASH160 " + String(repeating: "11", count: 20) + " OP_EQUALVERIFY OP_CHECKSIG")
        // One byte more is no longer P2PKH: it parses, so it is a script.
        let longer = Script(bytes: [0x76, 0xa9, 0x14] + Self.hash + [0x88, 0xac, 0x51])
        #expect(ScriptClassification(longer).kind == .script)
    }

    @Test func dataIsOpFalseOpReturnAndPushes() {
        let script = Script(bytes: [0x00, 0x6a] + Self.push("hello") + Self.push([0x00, 0xff]) + [0x00])
        #expect(ScriptClassification(script) == .data(pushes: [Array("hello".utf8), [0x00, 0xff], []]))
        #expect(ScriptClassification(Script(bytes: [0x00, 0x6a])) == .data(pushes: []))
        // OP_PUSHDATA1 with 80 bytes is still a push.
        let long = [UInt8](repeating: 0x61, count: 80)
        #expect(ScriptClassification(Script(bytes: [0x00, 0x6a, 0x4c, 80] + long)) == .data(pushes: [long]))
    }

    @Test func aBUploadShowsNameTypeAndSize() {
        let png: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
        let script = Script(bytes: [0x00, 0x6a] + Self.push("19HxigV4QyBv3tHpQVcUEQyq1pzZVdoAut") + Self.push(png)
            + Self.push("image/png") + Self.push("binary") + Self.push("cat.png"))
        let expected = ScriptClassification.FileUpload(
            protocol: .b, fileName: Array("cat.png".utf8), mediaType: Array("image/png".utf8), size: 8, parts: nil)
        #expect(ScriptClassification(script) == .bcat(expected))
        #expect(ScriptClassification(script).kind == .bcat)
        // Without a file name (the protocol makes it optional).
        let unnamed = Script(bytes: [0x00, 0x6a] + Self.push("19HxigV4QyBv3tHpQVcUEQyq1pzZVdoAut") + Self.push(png)
            + Self.push("image/png") + Self.push("binary"))
        guard case .bcat(let upload) = ScriptClassification(unnamed) else { Issue.record("not bcat"); return }
        #expect(upload.fileName == nil && upload.size == 8)
    }

    @Test func bcatAndItsPartsAreRecognisedAfterAPlainOpReturnToo() {
        let txid1 = [UInt8](repeating: 0xaa, count: 32)
        let txid2 = [UInt8](repeating: 0xbb, count: 32)
        let bcat = Script(bytes: [0x6a] + Self.push("15DHFxWZJT58f9nhyGnsRBqrgwK4W6h4Up") + Self.push("a film")
            + Self.push("video/mp4") + Self.push("binary") + Self.push("film.mp4") + Self.push([0x20])
            + Self.push(txid1) + Self.push(txid2))
        #expect(ScriptClassification(bcat) == .bcat(.init(
            protocol: .bcat, fileName: Array("film.mp4".utf8), mediaType: Array("video/mp4".utf8), size: nil,
            parts: 2)))
        let chunk = [UInt8](repeating: 0x42, count: 70)
        let part = Script(bytes: [0x00, 0x6a] + Self.push("1ChDHzdd1H4wSjgGMHyndZm6qxEDGjqpJL") + Self.push(chunk))
        #expect(ScriptClassification(part) == .bcat(.init(
            protocol: .bcatPart, fileName: nil, mediaType: nil, size: 70, parts: nil)))
    }

    @Test func anyOtherParsingScriptIsAScriptWithItsDisassembly() {
        #expect(ScriptClassification(Script(bytes: [0x51, 0x87])) == .script(disassembly: "OP_1 OP_EQUAL"))
        let hashLock = Script(bytes: [0xa9] + Self.push(Self.hash) + [0x87])
        #expect(ScriptClassification(hashLock)
            == .script(disassembly: "OP_HASH160 " + String(repeating: "11", count: 20) + " OP_EQUAL"))
        // A plain OP_RETURN data carrier (not OP_FALSE OP_RETURN): the node stops at OP_RETURN; the rest is shown.
        let unsafe = Script(bytes: [0x6a] + Self.push("hello"))
        #expect(ScriptClassification(unsafe) == .script(disassembly: "OP_RETURN [0568656c6c6f]"))
    }

    @Test func nonstandardScriptsSayWhy() {
        guard case .nonstandard(let empty) = ScriptClassification(Script()) else { Issue.record("empty"); return }
        #expect(empty.contains("empty"))
        // OP_PUSHDATA1 announcing 5 bytes with 1 left.
        guard case .nonstandard(let truncated) = ScriptClassification(Script(bytes: [0x4c, 0x05, 0xaa])) else {
            Issue.record("truncated push"); return
        }
        #expect(truncated.contains("needs"))
        #expect(Script(bytes: [0x4c, 0x05, 0xaa]).disassembly == nil)
        // OP_FALSE OP_RETURN followed by an opcode that is not a push.
        guard case .nonstandard(let opcode) = ScriptClassification(Script(bytes: [0x00, 0x6a, 0x76])) else {
            Issue.record("non-push data"); return
        }
        #expect(opcode.contains("non-push"))
        #expect(ScriptClassification.Kind.allCases.map(\.rawValue) == ["p2pkh", "data", "bcat", "script", "nonstandard"])
    }
}
