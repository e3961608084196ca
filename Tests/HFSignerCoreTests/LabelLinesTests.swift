import HFBundles
import HFPrimitives
import HFSignerCore
import Testing

/// BIP-329 JSON Lines: the exact lines written, and every line read as a label or a skip with its reason.
@Suite struct LabelLinesTests {
    static let txid = "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b"
    static let zeroMain = "1111111111111111111114oLvT2"

    @Test func writesOneCanonicalObjectPerLine() throws {
        let labels = [
            try WalletLabel(kind: .addr, ref: Self.zeroMain, label: "Rent", network: .main),
            try WalletLabel(kind: .output, ref: Self.txid + ":1", label: "Tab\u{2009}é \"q\"", network: .main),
        ]
        let expected = #"{"label":"Rent","ref":"1111111111111111111114oLvT2","type":"addr"}"# + "\n"
            + #"{"label":"Tab\#u{2009}é \"q\"","ref":"4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b:1","type":"output"}"#
            + "\n"
        #expect(String(decoding: LabelLines.encode(labels), as: UTF8.self) == expected)
        #expect(LabelLines.encode([]).isEmpty)
        // Round trip: what is written reads back as the same labels, numbered from line 1.
        #expect(LabelLines.parse(LabelLines.encode(labels), network: .main)
            == [.label(line: 1, labels[0]), .label(line: 2, labels[1])])
    }

    @Test func readsBIP329LinesLeniently() throws {
        // BIP-329's own examples, with members this signer ignores (origin, spendable, height, a fractional rate),
        // CRLF line ends, blank lines and keys in any order.
        let text = """
            {"type": "tx", "ref": "\(Self.txid.uppercased())", "label": "Transaction", "origin": "wpkh([d34db33f/84'/0'/0'])", "height": 800000, "rate": 12.5}\r

              \t
            {"ref": "\(Self.zeroMain)", "label": "Address", "type": "addr"}
            {"type": "output", "ref": "\(Self.txid):1", "label": "Output", "spendable": false}
            """
        let entries = LabelLines.parse(Array(text.utf8), network: .main)
        #expect(entries == [
            .label(line: 1, try WalletLabel(kind: .tx, ref: Self.txid, label: "Transaction", network: .main)),
            .label(line: 4, try WalletLabel(kind: .addr, ref: Self.zeroMain, label: "Address", network: .main)),
            .label(line: 5, try WalletLabel(kind: .output, ref: Self.txid + ":1", label: "Output", network: .main)),
        ])
    }

    @Test func everyOtherLineIsSkippedWithItsReason() throws {
        let long = String(repeating: "x", count: 256)
        let lines = [
            #"{"type":"pubkey","ref":"0283409659355b6d1cc3c32decd5d561abaac86c37a353b52895a5e6c196d6f448","label":"Key"}"#,
            #"{"type":"input","ref":"\#(Self.txid):0","label":"In"}"#,
            #"{"type":"xpub","ref":"xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8","label":"Acct"}"#,
            "not json",
            "[1,2]",
            #"{"type":"tx","label":"no ref"}"#,
            #"{"type":3,"ref":"x","label":"y"}"#,
            #"{"type":"utxo","ref":"x","label":"y"}"#,
            #"{"type":"tx","ref":"abcd","label":"short"}"#,
            #"{"type":"output","ref":"\#(Self.txid)","label":"no vout"}"#,
            #"{"type":"addr","ref":"1BadAddress","label":"bad"}"#,
            #"{"type":"addr","ref":"mfWxJ45yp2SFn7UciZyNpvDKrzbhyfKrY8","label":"testnet"}"#,
            #"{"type":"tx","ref":"\#(Self.txid)","label":"\#(long)"}"#,
            #"{"type":"tx","ref":"\#(Self.txid)","label":"a\u0007b"}"#,
            #"{"type":"output","ref":"\#(Self.txid):0","spendable":false}"#,
            #"{"type":"tx","ref":"\#(Self.txid)","label":""}"#,
            #"{"type":"tx","ref":"\#(Self.txid)","label":null}"#,
            #"{"type":"tx","ref":"\#(Self.txid)","label":42}"#,
        ]
        var bytes = Array(lines.joined(separator: "\n").utf8)
        bytes += [0x0a, 0xff, 0xfe, 0x0a]  // line 19: not UTF-8
        bytes += Array(String(repeating: " ", count: 64 * 1024 + 1).utf8) + Array("{}".utf8)  // line 20: too long
        let reasons: [LabelImportReport.Reason] = LabelLines.parse(bytes, network: .main).map { entry in
            guard case .skip(let skip) = entry else { return .tooManyLabels }
            return skip.reason
        }
        #expect(reasons == [
            .unsupportedType, .unsupportedType, .unsupportedType, .badLine, .badLine, .badLine, .badLine, .badLine,
            .badLine, .badLine, .badLine, .unknownReference, .badLine, .badLine, .noLabel, .noLabel, .noLabel,
            .badLine, .badLine, .badLine,
        ])
        let details = LabelLines.parse(bytes, network: .main).compactMap { entry -> String? in
            guard case .skip(let skip) = entry else { return nil }
            return "\(skip.line) \(skip.detail)"
        }
        #expect(details[9] == "10 the reference is not an output TXID:VOUT (64 hex digits, a colon, an index)")
        #expect(details[11] == "12 addr mfWxJ45yp2SFn7UciZyNpvDKrzbhyfKrY8 is not a main address")
        #expect(details[12] == "13 the label is longer than 255 bytes of UTF-8")
        #expect(details[17] == "18 the label is not a string")
        #expect(details[18] == "19 the line is not UTF-8")
        #expect(details[19] == "20 the line is longer than 64 KiB")
        #expect(!details.joined().contains(long), "a skip never repeats the label")
    }
}
