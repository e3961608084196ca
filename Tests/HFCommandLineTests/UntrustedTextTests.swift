import Testing

@testable import HFCommandLine

/// Issue 14: one escaping function for untrusted text, applied where messages are built (``CommandError``) and at
/// the sinks (``Output``), and the `--json` writer escaping bidi and format controls.
@Suite struct UntrustedTextTests {
    static let hostile = "\u{1b}[2J\u{1b}]0;pwned\u{07}\u{0}\u{7f}\u{9b}\u{202e}\u{2066}\u{2069}\u{200f}\u{61c}\u{2028}"

    /// No raw C0 (but the newline), DEL, C1, bidi or separator characters.
    static func isClean(_ text: String) -> Bool {
        !text.unicodeScalars.contains {
            switch $0.value {
            case 0x0A: false
            case 0x00..<0x20, 0x7F, 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
            default: false
            }
        }
    }

    @Test func knownAnswers() {
        #expect(UntrustedText.escaped("\u{1b}[2Jregtest") == "\\u{1b}[2Jregtest")
        #expect(UntrustedText.escaped("a\u{0}b\u{7}c\u{7f}d") == "a\\u{0}b\\u{7}c\\u{7f}d")
        #expect(UntrustedText.escaped("\u{85}\u{9b}") == "\\u{85}\\u{9b}")
        #expect(UntrustedText.escaped("ref\u{202e}gnp.exe") == "ref\\u{202e}gnp.exe")
        #expect(UntrustedText.escaped("\u{2066}x\u{2069}\u{200e}\u{200f}\u{61c}\u{feff}")
            == "\\u{2066}x\\u{2069}\\u{200e}\\u{200f}\\u{61c}\\u{feff}")
        #expect(UntrustedText.escaped("line\nnext\tcol\r") == "line\\u{a}next\\u{9}col\\u{d}")
        #expect(UntrustedText.escaped("line\nnext\tcol", newlines: .keep, keepingTabs: true) == "line\nnext\tcol")
        // Ordinary text, including non-Latin scripts, right-to-left letters and emoji, is unchanged.
        for text in ["hello", "größe", "שלום", "مرحبا", "日本語", "👍🏽", "back\\slash", ""] {
            #expect(UntrustedText.escaped(text) == text)
        }
    }

    @Test func escapingIsIdempotentAndLeavesNothingDangerous() {
        let once = UntrustedText.escaped(Self.hostile)
        #expect(Self.isClean(once))
        #expect(UntrustedText.escaped(once) == once)
        for scalar in (0...0x2100).compactMap(Unicode.Scalar.init) {
            let shown = UntrustedText.escaped(String(scalar))
            #expect(shown.unicodeScalars.allSatisfy { !UntrustedText.needsEscape($0) }, "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test func invalidUTF8IsShownAsHexBytes() {
        #expect(UntrustedText.escaped(bytes: [0x61, 0xff, 0x62]) == "a\\xffb")
        #expect(UntrustedText.escaped(bytes: [0xc3, 0xa4, 0xc3]) == "ä\\xc3")
        #expect(UntrustedText.escaped(bytes: [0xed, 0xa0, 0x80]) == "\\xed\\xa0\\x80", "a surrogate is not UTF-8")
        #expect(UntrustedText.escaped(bytes: [0xe2, 0x80, 0xae, 0x1b]) == "\\u{202e}\\u{1b}")
        #expect(UntrustedText.escaped(bytes: Array("plain".utf8)) == "plain")
    }

    @Test func theErrorLineAndTheJSONMessageCarryEscapesOnly() {
        let error = CommandError(.dataError, "the network \"\(Self.hostile)regtest\" is unknown")
        #expect(Self.isClean(error.message))
        #expect(error.message.contains("\\u{1b}[2J"))
        // Usage errors echo argv words: escaped too, in text and in --json.
        let usage = runDemo(["keys", "x\(Self.hostile)", "--json"])
        #expect(usage.code == .usage)
        #expect(Self.isClean(usage.stderr) && Self.isClean(usage.stdout))
        #expect(usage.stderr.contains("unknown subcommand 'x\\u{1b}[2J"))
    }

    @Test func anErrorWithoutADescriptionIsNotPrintedAsSwiftEnumText() {
        enum Opaque: Error { case broken(needed: Int) }
        let text = CommandRunner.sentence(for: Opaque.broken(needed: 4))
        #expect(!text.contains("needed:") && !text.contains("broken("), "\(text)")
        #expect(text.contains("Opaque") && text.contains("report it"))
        #expect(CommandRunner.sentence(for: CommandError(.failure, "a sentence")) == "a sentence")
    }

    @Test func humanLinesAreEscapedAtTheSinkButKeepNewlinesAndTabs() {
        let result = runDemo(["keys", "derive", "m/0\(Self.hostile)"])
        #expect(result.code == .success)
        #expect(Self.isClean(result.stdout))
        #expect(result.stdout.hasPrefix("derived m/0\\u{1b}[2J"))
        #expect(result.stdout.hasSuffix("\n"))
    }

    @Test func canonicalJSONEscapesBidiAndSeparatorsAsUnicodeEscapes() throws {
        struct Shown: Encodable { let label: String }
        let text = try CanonicalJSON.string(Shown(label: "a\u{202e}b\u{2028}c\u{2066}d\u{7f}e\u{85}f€ü"))
        #expect(text == "{\"label\":\"a\\u202eb\\u2028c\\u2066d\\u007fe\\u0085f€ü\"}")
        // The escapes decode to the same value: the JSON means what it meant.
        let plain = try CanonicalJSON.string(Shown(label: "日本語 \\ \"quoted\""))
        #expect(plain == "{\"label\":\"日本語 \\\\ \\\"quoted\\\"\"}")
        let shown = runDemo(["show", "x\u{202e}y", "--json"])
        #expect(shown.stdout.contains("\"label\":\"x\\u202ey\""))
    }
}
