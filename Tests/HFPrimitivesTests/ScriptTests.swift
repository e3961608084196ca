import HFCrypto
import HFPrimitives
import HFTestSupport
import Testing

@Suite struct ScriptTests {
    /// A P2PKH locking script to an arbitrary hash.
    static let p2pkh = Script(p2pkhPaying: try! Address(hash160: Array(1...20), network: .main))

    /// The 1Sat Ordinals envelope `OP_FALSE OP_IF "ord" OP_1 "text/plain" OP_0 "hello" OP_ENDIF`.
    static let envelope = Script(operations: [
        .opcode(.false), .opcode(.if), ScriptOperation(pushing: Array("ord".utf8)), .opcode(.true),
        ScriptOperation(pushing: Array("text/plain".utf8)), .opcode(.false),
        ScriptOperation(pushing: Array("hello".utf8)),
        .opcode(.endIf),
    ])

    @Test func parsesEveryPushForm() throws {
        let bytes: [UInt8] =
            [
                0x00, 0x01, 0xaa, 0x4c, 0x02, 0xbb, 0xcc, 0x4d, 0x01, 0x00, 0xdd, 0x4e, 0x02, 0x00, 0x00, 0x00, 0xee,
                0xff,
            ]
            + [0x76, 0xac]
        let script = Script(bytes: bytes)
        let operations = try script.operations()
        #expect(
            operations == [
                .opcode(.false), .push(Opcode(rawValue: 1), [0xaa]), .push(.pushData1, [0xbb, 0xcc]),
                .push(.pushData2, [0xdd]), .push(.pushData4, [0xee, 0xff]), .opcode(.dup), .opcode(.checkSig),
            ])
        #expect(Script(operations: operations) == script)
        #expect(operations.map(\.pushedData) == [[], [0xaa], [0xbb, 0xcc], [0xdd], [0xee, 0xff], nil, nil])
        #expect(try Script(hex: script.hex.uppercased()) == script)
        #expect(script.description == script.hex)
    }

    @Test func shortestPushes() throws {
        let cases: [(Int, Opcode, Int)] = [
            (0, .false, 1), (1, Opcode(rawValue: 1), 2), (75, Opcode(rawValue: 75), 76), (76, .pushData1, 78),
            (255, .pushData1, 257), (256, .pushData2, 259), (65_535, .pushData2, 65_538), (65_536, .pushData4, 65_541),
        ]
        for (length, opcode, encoded) in cases {
            let operation = ScriptOperation(pushing: [UInt8](repeating: 7, count: length))
            let serialized = operation.serialized
            #expect(serialized.first == opcode.rawValue && serialized.count == encoded, "\(length)")
            #expect(try Script(bytes: serialized).operations() == [operation])
        }
    }

    @Test func truncatedPushesRejected() {
        let cases: [([UInt8], ScriptError)] = [
            ([0x01], .truncatedPush(offset: 0, needed: 1, available: 0)),
            ([0x4b] + [UInt8](repeating: 0, count: 74), .truncatedPush(offset: 0, needed: 75, available: 74)),
            ([0x4c], .truncatedPush(offset: 0, needed: 1, available: 0)),
            ([0x4c, 0x05, 0x01, 0x02], .truncatedPush(offset: 0, needed: 5, available: 2)),
            ([0x4d, 0x01], .truncatedPush(offset: 0, needed: 2, available: 1)),
            ([0x4d, 0x00, 0x01], .truncatedPush(offset: 0, needed: 256, available: 0)),
            ([0x4e, 0x00, 0x00, 0x00], .truncatedPush(offset: 0, needed: 4, available: 3)),
            ([0x4e, 0xff, 0xff, 0xff, 0xff, 0x00], .truncatedPush(offset: 0, needed: 0xffff_ffff, available: 1)),
            ([0x51, 0x76, 0x02, 0xaa], .truncatedPush(offset: 2, needed: 2, available: 1)),
        ]
        for (bytes, error) in cases {
            #expect(throws: error) { try Script(bytes: bytes).operations() }
            #expect(!Script(bytes: bytes).isPushOnly)
        }
        #expect(
            ScriptError.truncatedPush(offset: 2, needed: 5, available: 1).description
                == "the push at byte 2 of the script needs 5 more bytes but only 1 remain")
        #expect(throws: ScriptError.invalidHex(.oddLength(3))) { try Script(hex: "abc") }
    }

    /// After a top-level OP_RETURN nodes parse nothing, so the rest is kept verbatim, even if it would not parse.
    @Test func topLevelReturnEndsParsing() throws {
        #expect(
            try Script(bytes: [0x00, 0x6a, 0x4c, 0xff]).operations()
                == [.opcode(.false), .opcode(.return), .trailingData([0x4c, 0xff])])
        #expect(try Script(bytes: [0x6a]).operations() == [.opcode(.return)])
        // Inside OP_IF … OP_ENDIF, OP_RETURN is an ordinary opcode and parsing goes on.
        let conditional: [UInt8] = [0x63, 0x6a, 0x01, 0xaa, 0x68, 0x6a, 0x4c]
        #expect(
            try Script(bytes: conditional).operations()
                == [
                    .opcode(.if), .opcode(.return), .push(Opcode(rawValue: 1), [0xaa]), .opcode(.endIf),
                    .opcode(.return), .trailingData([0x4c]),
                ])
        #expect(throws: ScriptError.truncatedPush(offset: 2, needed: 1, available: 0)) {
            try Script(bytes: [0x64, 0x6a, 0x4c]).operations()
        }
        for bytes in [[0x00, 0x6a, 0x4c, 0xff], conditional] {
            #expect(try Script(operations: Script(bytes: bytes).operations()).bytes == bytes)
        }
    }

    @Test func pushOnly() {
        #expect(Script(bytes: [0x00, 0x4f, 0x51, 0x60, 0x02, 0xaa, 0xbb]).isPushOnly)
        #expect(Script().isPushOnly)
        #expect(!Script(bytes: [0x01, 0xaa, 0x76]).isPushOnly)
        #expect(!Script(bytes: [0x6a]).isPushOnly)
    }

    @Test func p2pkhLockingTemplate() throws {
        let address = try Address(string: "1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH", network: .main)
        let script = Script(p2pkhPaying: address)
        #expect(script.hex == "76a914" + address.hash160.hex + "88ac")
        #expect(script.isP2PKH && script.p2pkhHash160 == address.hash160)
        #expect(script.p2pkhAddress(network: .main) == address)
        #expect(
            try script.operations() == [
                .opcode(.dup), .opcode(.hash160), ScriptOperation(pushing: address.hash160),
                .opcode(.equalVerify), .opcode(.checkSig),
            ])
        for bytes in [
            script.bytes + [0x00], Array(script.bytes.dropLast()), [0x00] + script.bytes,
            script.bytes.replacingFirst(0x76, with: 0x75), Self.envelope.bytes + script.bytes,
        ] {
            #expect(!Script(bytes: bytes).isP2PKH)
            #expect(Script(bytes: bytes).p2pkhAddress(network: .main) == nil)
        }
    }

    @Test func p2pkhUnlockingTemplate() throws {
        let signature = [0x30, 0x44] + [UInt8](repeating: 0x11, count: 68) + [0x41]
        let publicKey = [0x02] + [UInt8](repeating: 0x22, count: 32)
        let unlocking = P2PKHUnlockingScript(signature: signature, publicKey: publicKey)
        #expect(unlocking.script.bytes == [71] + signature + [33] + publicKey)
        #expect(P2PKHUnlockingScript(script: unlocking.script) == unlocking)
        #expect(unlocking.sighashByte == 0x41 && unlocking.derSignature == Array(signature.dropLast()))
        let uncompressed = [0x04] + [UInt8](repeating: 0x33, count: 64)
        #expect(P2PKHUnlockingScript(script: Script(bytes: [9] + signature.prefix(9) + [65] + uncompressed)) != nil)
        let rejected: [[UInt8]] = [
            [],
            [71] + signature,
            [71] + signature + [33] + publicKey + [0x51],
            [0x4c, 71] + signature + [33] + publicKey,
            [71] + signature + [32] + publicKey.dropLast(),
            [8] + signature.prefix(8) + [33] + publicKey,
            [74] + signature + [0, 0, 0] + [33] + publicKey,
            [71] + signature + [33] + publicKey.dropLast(),
            [0x00, 33] + publicKey,
        ]
        for bytes in rejected { #expect(P2PKHUnlockingScript(script: Script(bytes: bytes)) == nil) }
    }

    @Test func dataOutputs() throws {
        let payload: [[UInt8]] = [Array("hello".utf8), [], [UInt8](repeating: 9, count: 80)]
        let safe = Script(dataOutput: payload)
        #expect(safe.hex.hasPrefix("006a0568656c6c6f004c50"))
        #expect(safe.isDataOutput && !safe.isP2PKH)
        #expect(try safe.dataOutputPushes() == payload)
        let unsafe = Script(dataOutput: payload, safe: false)
        #expect(unsafe.bytes == Array(safe.bytes.dropFirst()))
        #expect(try unsafe.dataOutputPushes() == payload)
        #expect(try Script(dataOutput: []).dataOutputPushes() == [])
        // A real mainnet data output (transaction c52bc904…, output 1).
        let real = try Script(hex: "006a4c1c507573682d5468652d427574746f6e2e617070207c204c616d626461")
        #expect(try real.dataOutputPushes() == [Array("Push-The-Button.app | Lambda".utf8)])
        #expect(throws: ScriptError.notDataOutput) { try Self.p2pkh.dataOutputPushes() }
        #expect(!Self.p2pkh.isDataOutput && !Script().isDataOutput && !Script(bytes: [0x00]).isDataOutput)
        #expect(throws: ScriptError.truncatedPush(offset: 2, needed: 1, available: 0)) {
            try Script(bytes: [0x00, 0x6a, 0x4c]).dataOutputPushes()
        }
        #expect(try Script(bytes: [0x6a, 0x00, 0x51, 0x60, 0x4f]).dataOutputPushes() == [[], [1], [16], [0x81]])
        #expect(throws: ScriptError.nonPushInData(offset: 4)) {
            try Script(bytes: [0x00, 0x6a, 0x01, 0xaa, 0x76]).dataOutputPushes()
        }
        #expect(Script(bytes: [0x6a, 0x76]).isDataOutput)
    }

    @Test func inscriptionEnvelopeDetected() throws {
        let positives: [Script] = [
            Self.envelope,
            Script(bytes: Self.p2pkh.bytes + Self.envelope.bytes),
            Script(bytes: Self.envelope.bytes + Self.p2pkh.bytes),
            Script(bytes: Self.p2pkh.bytes + Self.envelope.bytes + Script(dataOutput: [[1, 2]], safe: false).bytes),
            // "ord" pushed with OP_PUSHDATA1, OP_FALSE written as an empty OP_PUSHDATA1.
            Script(bytes: [0x4c, 0x00, 0x63, 0x4c, 0x03] + Array("ord".utf8) + [0x51, 0x68]),
            // Unterminated, or cut off later: still protected.
            Script(bytes: [0x00, 0x63, 0x03] + Array("ord".utf8)),
            Script(bytes: [0x00, 0x63, 0x03] + Array("ord".utf8) + [0x51, 0x4c]),
            // Two OP_FALSEs in a row before OP_IF.
            Script(bytes: [0x00, 0x00, 0x63, 0x03] + Array("ord".utf8) + [0x68]),
        ]
        for script in positives { #expect(script.containsInscriptionEnvelope, "\(script)") }
    }

    @Test func inscriptionEnvelopeNegatives() throws {
        let ord = Array("ord".utf8)
        let negatives: [Script] = [
            Self.p2pkh,
            Script(),
            Script(dataOutput: [ord]),
            Script(bytes: [0x51, 0x63, 0x03] + ord + [0x68]),  // OP_TRUE OP_IF
            Script(bytes: [0x00, 0x64, 0x03] + ord + [0x68]),  // OP_NOTIF
            Script(bytes: [0x00, 0x63, 0x04] + Array("ords".utf8) + [0x68]),
            Script(bytes: [0x00, 0x63, 0x03] + Array("ORD".utf8) + [0x68]),
            Script(bytes: [0x00, 0x63, 0x51, 0x03] + ord + [0x68]),  // something between OP_IF and "ord"
            Script(bytes: [0x00, 0x76, 0x63, 0x03] + ord + [0x68]),  // something between OP_FALSE and OP_IF
            Script(bytes: [0x01, 0x00, 0x63, 0x03] + ord + [0x68]),  // a push of one zero byte is not OP_FALSE
            Script(bytes: [0x05, 0x00, 0x63, 0x03] + ord),  // the pattern only inside a push
            Script(bytes: [0x4c]),
        ]
        for script in negatives { #expect(!script.containsInscriptionEnvelope, "\(script)") }
    }

    @Test func codeSeparatorsRemoved() {
        #expect(Script(bytes: [0xab, 0x01, 0xab, 0xab, 0x51]).removingCodeSeparators().bytes == [0x01, 0xab, 0x51])
        #expect(Script(bytes: [0x6a, 0xab, 0x51, 0xab]).removingCodeSeparators().bytes == [0x6a, 0x51])
        #expect(Script(bytes: [0xab, 0x4c, 0x05, 0xab]).removingCodeSeparators().bytes == [0x4c, 0x05, 0xab])
        #expect(Self.p2pkh.removingCodeSeparators() == Self.p2pkh)
    }

    @Test func opcodeNames() {
        #expect(Opcode.checkSig.description == "OP_CHECKSIG")
        #expect(Opcode.false.description == "OP_0")
        #expect(Opcode(rawValue: 20).description == "OP_PUSHBYTES_20")
        #expect(Opcode(rawValue: 0xba).description == "0xba")
        #expect(Opcode(rawValue: 0x57).description == "OP_7" && Opcode.op16.description == "OP_16")
        #expect(Opcode(rawValue: 0x05).description == "OP_PUSHBYTES_5")
        #expect(Opcode.pushData4.isDataPush && !Opcode.oneNegate.isDataPush && Opcode.op16.isPush)
    }
}

extension Array where Element == UInt8 {
    /// A copy with the first `old` replaced by `new`.
    fileprivate func replacingFirst(_ old: UInt8, with new: UInt8) -> [UInt8] {
        var copy = self
        if let index = copy.firstIndex(of: old) { copy[index] = new }
        return copy
    }
}
