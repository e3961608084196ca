import Foundation
import HFTestSupport
import Testing

/// `wallet import` typed word by word on a terminal, and the check after `wallet create`, driven through a
/// pseudo-terminal with the built `hf-signer`.
@Suite struct PhrasePromptTests {
    /// BIP39 test vector 2 (valid checksum).
    static let phrase = "legal winner thank year wave sausage worth useful legal winner thank yellow"
    /// What is typed for it: first four letters, whole words, upper case.
    static let typed = ["lega", "winner", "THAN", "year", "wave", "saus", "wort", "usef", "legal", "winn", "than", "yell"]

    static func initialized() throws -> SignerFixtures {
        let f = try SignerFixtures()
        #expect(try f.run(["init"]).exitCode == 0)
        return f
    }

    static func terminal(_ f: SignerFixtures, _ arguments: [String]) throws -> TerminalProcess {
        try TerminalProcess(
            path: f.signer.url.path,
            arguments: ["--home", f.home, "--network", "main", "--passphrase-file", f.passphraseFile] + arguments,
            directory: f.dir.url.path)
    }

    /// Types `word` at the hidden prompt that `needle` announces.
    static func answer(_ child: TerminalProcess, after needle: String, _ word: String) {
        #expect(child.waitFor(needle), "\(child.text)")
        #expect(child.waitForEchoOff())
        child.type(word + "\n")
    }

    static func walletIDs(_ f: SignerFixtures) throws -> [String] {
        let listed = try f.run(["wallet", "list", "--json"])
        let array = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
        return try #require(array).compactMap { $0["walletId"] as? String }
    }

    @Test func aPhraseTypedByPrefixesImportsTheSameWalletAsItsFile() throws {
        let f = try Self.initialized()
        let child = try Self.terminal(f, ["wallet", "import"])
        #expect(child.waitFor("How many words has the phrase (12, 15, 18, 21, 24)? "), "\(child.text)")
        child.type("13\n")
        #expect(child.waitFor("A recovery phrase has 12, 15, 18, 21, 24 words."), "\(child.text)")
        child.type("12\n")
        for (offset, word) in Self.typed.enumerated() {
            Self.answer(child, after: "Word \(offset + 1) of 12: ", word)
        }
        #expect(child.waitForExit(seconds: 120) == 0, "\(child.text)")
        for (offset, word) in Self.typed.enumerated() {
            // One mark per key, then the line ends: nothing of the word is shown.
            #expect(child.text.contains("Word \(offset + 1) of 12: " + String(repeating: "*", count: word.count) + "\r\n"),
                    "\(child.text)")
        }
        for word in Self.phrase.split(separator: " ").map(String.init) + ["lega", "winn", "saus", "usef"] {
            #expect(!child.text.lowercased().contains(word), "'\(word)' is on the screen: \(child.text)")
        }

        let other = try Self.initialized()
        let file = try other.dir.write("phrase", Self.phrase)
        #expect(try other.run(["wallet", "import", "--mnemonic-file", file]).exitCode == 0)
        let expected = try Self.walletIDs(other)
        #expect(expected.count == 1)
        #expect(try Self.walletIDs(f) == expected)
    }

    @Test func aWordNotInTheListIsAskedAgainWithoutEchoingIt() throws {
        let f = try Self.initialized()
        let child = try Self.terminal(f, ["wallet", "import"])
        #expect(child.waitFor("How many words"), "\(child.text)")
        child.type("12\n")
        Self.answer(child, after: "Word 1 of 12: ", "lega")
        Self.answer(child, after: "Word 2 of 12: ", "wibbl")  // a prefix of no word
        Self.answer(child, after: "type word 2 again.", "wi")  // too short to name a word
        #expect(child.waitFor("Word 2 of 12: **\r\n"), "\(child.text)")
        #expect(child.pumpUntilSecond("type word 2 again."), "\(child.text)")
        #expect(child.waitForEchoOff())
        child.type("winn\n")
        for (offset, word) in Self.typed.enumerated().dropFirst(2) {
            Self.answer(child, after: "Word \(offset + 1) of 12: ", word)
        }
        #expect(child.waitForExit(seconds: 120) == 0, "\(child.text)")
        #expect(child.text.components(separatedBy: "type word 2 again.").count == 3, "\(child.text)")
        #expect(!child.text.contains("wibbl") && !child.text.contains("wi\r"), "\(child.text)")
        #expect(try Self.walletIDs(f).count == 1)
    }

    @Test func aBadChecksumIsRefusedAndNothingIsStored() throws {
        let f = try Self.initialized()
        let before = try f.homeDigest()
        let child = try Self.terminal(f, ["wallet", "import"])
        #expect(child.waitFor("How many words"), "\(child.text)")
        child.type("12\n")
        for position in 1...12 { Self.answer(child, after: "Word \(position) of 12: ", "aban") }
        #expect(child.waitForExit(seconds: 120) == 65, "\(child.text)")
        #expect(child.text.contains("checksum does not match"), "\(child.text)")
        #expect(child.text.contains("nothing was stored"), "\(child.text)")
        #expect(try f.homeDigest() == before)
    }

    @Test func withoutATerminalOrASourceImportIsAUsageError() throws {
        let f = try Self.initialized()
        let before = try f.homeDigest()
        let result = try f.run(["wallet", "import"])
        #expect(result.exitCode == 64)
        #expect(result.stderr.contains("no terminal to type the recovery phrase on; give one of --mnemonic-file"),
                "\(result.stderr)")
        #expect(try f.homeDigest() == before)
    }

    // MARK: - The check after create

    /// Reads the terminal until `condition` holds on the transcript (bounded, as `waitFor`).
    static func pump(_ child: TerminalProcess, until condition: (String) -> Bool) -> Bool {
        for _ in 0..<600 where !condition(child.text) { _ = child.waitFor("\u{7}\u{7}never", seconds: 0.1) }
        return condition(child.text)
    }

    static func prompts(in text: Substring) -> [Int] {
        text.matches(of: #/Word (\d+): /#).compactMap { Int($0.output.1) }
    }

    @Test func theCheckClearsTheScreenAndEchoesAMarkPerKey() throws {
        let f = try Self.initialized()
        let child = try Self.terminal(f, ["wallet", "create"])
        #expect(child.waitFor("[y/N] "), "\(child.text)")
        var words: [Int: String] = [:]
        for match in child.text.matches(of: #/(\d+)\. ([a-z]+)/#) { words[Int(match.output.1)!] = String(match.output.2) }
        try #require(words.count == 12, "\(child.text)")
        child.type("y\n")
        let clear = "\u{1B}[H\u{1B}[2J\u{1B}[3J"
        #expect(child.waitFor("Check: type the words asked for"), "\(child.text)")
        var asked: [Int] = []
        for round in 0..<3 {
            let shown = Self.pump(child) { text in
                guard let range = text.range(of: "Check:") else { return false }
                return Self.prompts(in: text[range.upperBound...]).count > round
            }
            try #require(shown, "\(child.text)")
            #expect(child.waitForEchoOff())
            let after = child.text.range(of: "Check:")!.upperBound
            let position = Self.prompts(in: child.text[after...])[round]
            asked.append(position)
            child.type(try #require(words[position]) + "\n")
        }
        #expect(child.waitForExit(seconds: 120) == 0, "\(child.text)")
        let cleared = try #require(child.text.range(of: clear), "the screen is cleared: \(child.text)")
        #expect(child.text[..<cleared.lowerBound].contains("[y/N] "), "cleared after the words, before the check")
        let check = child.text[cleared.upperBound...]
        for position in asked {
            let word = try #require(words[position])
            #expect(check.contains("Word \(position): " + String(repeating: "*", count: word.count) + "\r\n"),
                    "\(child.text)")
            #expect(!check.contains("Word \(position): " + word), "\(child.text)")
        }
        #expect(try Self.walletIDs(f).count == 1)
    }
}

extension TerminalProcess {
    /// Reads the terminal until `needle` appears a second time (bounded, as `waitFor`).
    fileprivate func pumpUntilSecond(_ needle: String) -> Bool {
        PhrasePromptTests.pump(self) { $0.components(separatedBy: needle).count >= 3 }
    }
}
