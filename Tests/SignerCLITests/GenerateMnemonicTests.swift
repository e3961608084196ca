import Foundation
import HFTestSupport
import Testing

/// `hf-signer keys generate-mnemonic`: a new 0600 file, never overwritten, nothing secret printed.
@Suite struct GenerateMnemonicTests {
    let signer = BuiltTool("hf-signer")

    @Test(arguments: [("12", 12), ("24", 24)])
    func writesAValidPhraseToANew0600File(words: String, count: Int) throws {
        let dir = try TemporaryDirectory()
        let out = dir.path("new.mnemonic")
        let result = try signer.run(["keys", "generate-mnemonic", "--words", words, "--out", out])
        #expect(result.exitCode == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.isEmpty)
        let phrase = try String(contentsOfFile: out, encoding: .utf8)
        #expect(phrase.split(separator: " ").count == count)
        #expect(!result.stderr.contains(phrase.split(separator: " ")[0] + " " + phrase.split(separator: " ")[1]))
        let mode = try FileManager.default.attributesOfItem(atPath: out)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // The written phrase is valid: identity accepts it.
        #expect(try signer.run(["keys", "identity", "--mnemonic-file", out]).exitCode == 0)
    }

    @Test func twoPhrasesDiffer() throws {
        let dir = try TemporaryDirectory()
        for name in ["a", "b"] {
            #expect(try signer.run(["keys", "generate-mnemonic", "--out", dir.path(name)]).exitCode == 0)
        }
        let a = try String(contentsOfFile: dir.path("a"), encoding: .utf8)
        let b = try String(contentsOfFile: dir.path("b"), encoding: .utf8)
        #expect(a != b)
        #expect(a.split(separator: " ").count == 24, "24 words by default")
    }

    @Test func refusesAnExistingFileAndLeavesItUnchanged() throws {
        let dir = try TemporaryDirectory()
        let out = try dir.write("existing", "keep me", mode: 0o600)
        let result = try signer.run(["keys", "generate-mnemonic", "--out", out])
        #expect(result.exitCode == 73)
        #expect(result.stderr.hasPrefix("error: "))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "keep me")
    }

    @Test func jsonSummaryHasNoWords() throws {
        let dir = try TemporaryDirectory()
        let out = dir.path("p")
        let result = try signer.run(["keys", "generate-mnemonic", "--words", "12", "--out", out, "--json"])
        #expect(result.stdout == "{\"file\":\"\(out)\",\"words\":12}\n")
    }

    @Test(arguments: ["13", "abc", ""])
    func rejectsOtherWordCounts(words: String) throws {
        let dir = try TemporaryDirectory()
        let result = try signer.run(["keys", "generate-mnemonic", "--words=\(words)", "--out", dir.path("x")])
        #expect(result.exitCode == 64)
        #expect(!FileManager.default.fileExists(atPath: dir.path("x")))
    }

    @Test func missingOutIsAUsageError() throws {
        let result = try signer.run(["keys", "generate-mnemonic"])
        #expect(result.exitCode == 64)
        #expect(result.stderr.contains("--out"))
    }
}
