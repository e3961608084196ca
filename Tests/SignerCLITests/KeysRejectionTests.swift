import Foundation
import HFTestSupport
import Testing

/// Every way `hf-signer keys` refuses input: the exit code, one `error:` line, and nothing on stdout.
@Suite struct KeysRejectionTests {
    let signer = BuiltTool("hf-signer")

    func expectRefusal(_ result: BuiltTool.Result, exit code: Int32, mentioning text: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.exitCode == code, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("error: "), sourceLocation: sourceLocation)
        #expect(result.stderr.contains(text), "stderr: \(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ("abandon abandon abandon", "12, 15, 18, 21 or 24 words, not 3"),
        ("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon",
         "checksum does not match"),
        ("abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandonx about",
         "word 11 is not in the BIP39 English list"),
    ])
    func invalidPhraseExits65NamingTheProblem(phrase: String, problem: String) throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("phrase", phrase)
        for command in [["keys", "identity"], ["keys", "derive", "--scheme", "bip44"]] {
            let result = try signer.run(command + ["--mnemonic-file", file])
            expectRefusal(result, exit: 65, mentioning: problem)
            #expect(!result.stderr.contains("abandonx"), "the error must not echo words of the phrase")
        }
    }

    @Test(arguments: [0o640, 0o604, 0o644, 0o660])
    func mnemonicFileReadableByOthersExits77(mode: Int) throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("phrase", KeysDeriveTests.samplePhrase, mode: mode)
        expectRefusal(try signer.run(["keys", "identity", "--mnemonic-file", file]), exit: 77, mentioning: "chmod 600")
    }

    @Test func passphraseFileReadableByOthersExits77() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("phrase", KeysDeriveTests.samplePhrase)
        let pass = try dir.write("pass", "secret", mode: 0o644)
        expectRefusal(try signer.run(["keys", "identity", "--mnemonic-file", file, "--bip39-passphrase-file", pass]),
                      exit: 77, mentioning: "chmod 600")
    }

    @Test func missingMnemonicFileExits66() throws {
        let dir = try TemporaryDirectory()
        expectRefusal(try signer.run(["keys", "identity", "--mnemonic-file", dir.path("none")]),
                      exit: 66, mentioning: "does not exist")
    }

    @Test(arguments: [
        (["--scheme", "bip45"], "--scheme must be bip44 or type42"),
        (["--scheme", "bip44", "--chain", "other"], "--chain must be receive or change"),
        (["--scheme", "bip44", "--count", "0"], "--count must be"),
        (["--scheme", "bip44", "--count", "100001"], "--count must be"),
        (["--scheme", "bip44", "--start", "2147483648"], "--start must be"),
        (["--scheme", "bip44", "--start", "2147483647", "--count", "2"], "must not pass index"),
        (["--scheme", "bip44", "--bogus"], "--bogus"),
        (["--scheme", "bip44", "extra"], "extra"),
        ([String](), "--scheme"),
    ])
    func usageErrorsExit64(arguments: [String], problem: String) throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("phrase", KeysDeriveTests.samplePhrase)
        expectRefusal(try signer.run(["keys", "derive", "--mnemonic-file", file] + arguments),
                      exit: 64, mentioning: problem)
    }
}
