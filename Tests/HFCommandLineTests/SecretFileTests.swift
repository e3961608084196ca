import Foundation
import HFCommandLine
import HFTestSupport
import Testing

@Suite struct SecretFileTests {
    @Test func privateFileIsReadWithOneNewlineTrimmed() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("phrase", "correct horse battery\n", mode: 0o600)
        #expect(try SecretInput.readFile(path) == Array("correct horse battery".utf8))
    }

    @Test(arguments: [
        ("secret\n", "secret"), ("secret\r\n", "secret"), ("secret", "secret"), ("secret\n\n", "secret\n"),
        ("  spaced  \n", "  spaced  "), ("\n", ""), ("a\rb\r", "a\rb\r"),
    ])
    func onlyOneTrailingNewlineIsTrimmed(content: String, expected: String) throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("s", content, mode: 0o600)
        #expect(try SecretInput.readFile(path) == Array(expected.utf8))
    }

    /// Issue 27: secret files must be regular files: a symbolic link to a good 0600 file is refused with the reason.
    @Test func aSymbolicLinkIsRefused() throws {
        let dir = try TemporaryDirectory()
        let target = try dir.write("phrase", "correct horse battery\n", mode: 0o600)
        let link = dir.path("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(throws: CommandError(.noInput,
            "secret file '\(link)' is a symbolic link; secret files must be regular files: give the file itself")) {
            try SecretInput.readFile(link)
        }
    }

    @Test func readOnlyOwnerFileIsAccepted() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("s", "x", mode: 0o400)
        #expect(try SecretInput.readFile(path) == [0x78])
    }

    @Test(arguments: [0o644, 0o640, 0o604, 0o620, 0o602, 0o660])
    func groupOrOtherBitsAre77(mode: Int) throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("open", "secret\n", mode: mode)
        let text = String(mode, radix: 8)
        #expect(throws: CommandError(.noPermission,
            "secret file '\(path)' is accessible by group or others (mode 0\(text)); run `chmod 600 \(path)`")) {
            try SecretInput.readFile(path)
        }
    }

    @Test func aFileOfAnotherUserIs77EvenForRoot() throws {
        // Running as root every file is readable: a 0600 file that another user wrote must still be refused.
        guard geteuid() == 0 else { return }  // Only root can give a file away; the suite runs as root in CI.
        let dir = try TemporaryDirectory()
        let path = try dir.write("theirs", "secret\n", mode: 0o600)
        #expect(chown(path, 65534, 65534) == 0)
        #expect(throws: CommandError(.noPermission,
            "secret file '\(path)' belongs to user 65534, not to you (user 0) or root; "
                + "run `chown 0 \(path)` if you wrote it, else use a file of your own (`install -m 600`)")) {
            try SecretInput.readFile(path)
        }
        #expect(chown(path, 0, 0) == 0)
        #expect(try SecretInput.readFile(path) == Array("secret".utf8), "root's own file is accepted")
    }

    @Test func missingFileIs66() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("absent")
        do {
            _ = try SecretInput.readFile(path)
            Issue.record("a missing file must throw")
        } catch {
            #expect(error.exitCode.rawValue == 66)
            #expect(error.message == "secret file '\(path)' does not exist")
        }
    }

    @Test func directoryIsNotARegularFile() throws {
        let dir = try TemporaryDirectory()
        #expect(throws: CommandError(.noInput, "secret file '\(dir.url.path)' is not a regular file")) {
            try SecretInput.readFile(dir.url.path)
        }
    }

    @Test func oversizedFileIsDataError() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("big", String(repeating: "a", count: SecretInput.maximumSecretSize + 1))
        #expect(throws: CommandError.self) { try SecretInput.readFile(path) }
        do { _ = try SecretInput.readFile(path) } catch { #expect(error.exitCode == .dataError) }
    }

    @Test func passphraseComesFromTheGlobalFileOption() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("pass", "hunter2\n")
        let globals = try GlobalOptionParser.extract(
            from: ["--passphrase-file", path], declared: GlobalOption.standard
        ).options
        var passphrase = try SecretInput.passphrase(globals)
        #expect(passphrase == Array("hunter2".utf8))
        SecretInput.zeroize(&passphrase)
        #expect(passphrase == [0, 0, 0, 0, 0, 0, 0])
    }

    @Test func tooOpenPassphraseFileThroughRunnerIs77() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("pass", "hunter2\n", mode: 0o644)
        struct NeedsPassphrase: Command {
            static let name = "unlock"
            static let abstract = "Unlock."
            init(parsing arguments: inout Arguments) throws {}
            func run(_ context: CommandContext) throws -> ExitCode {
                var secret = try SecretInput.passphrase(context.globals)
                SecretInput.zeroize(&secret)
                return .success
            }
        }
        let err = CapturedOutput()
        let code = CommandRunner.run(
            root: NeedsPassphrase.self, version: "1", arguments: ["--passphrase-file", path],
            output: Output.Sinks(standardOutput: .discard, standardError: err.sink))
        #expect(code == .noPermission)
        #expect(err.text == "error: secret file '\(path)' is accessible by group or others (mode 0644); "
            + "run `chmod 600 \(path)`\n")
    }
}
