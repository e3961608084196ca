import Foundation
import HFCommandLine
import HFTestSupport
import Testing

@Suite struct OutputFileTests {
    private func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func createsWithMode0600AndContents() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("phrase.txt")
        try OutputFile.createNew(path, text: "abandon ability\n")
        #expect(try mode(path) == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "abandon ability\n")
    }

    @Test func explicitModeIsApplied() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("public.txt")
        try OutputFile.createNew(path, contents: [1, 2, 3], mode: 0o644)
        #expect(try mode(path) == 0o644)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data([1, 2, 3]))
    }

    @Test func existingFileIs73AndUntouched() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("phrase.txt", "old\n", mode: 0o600)
        #expect(throws: CommandError(.cannotCreate,
            "'\(path)' already exists; choose another path or move the old file away")) {
            try OutputFile.createNew(path, text: "new\n")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
    }

    @Test func missingDirectoryIs73() throws {
        let dir = try TemporaryDirectory()
        do {
            try OutputFile.createNew(dir.path("no/such/file"), text: "x")
            Issue.record("creating in a missing directory must throw")
        } catch {
            #expect(error.exitCode.rawValue == 73)
        }
    }

    @Test func generateMnemonicOutThroughRunner() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("m.txt")
        let first = runDemo(["keys", "generate-mnemonic", "--out", path])
        #expect(first.code == .success)
        #expect(first.stdout == "")
        #expect(first.stderr == "wrote \(path)\n")
        #expect(try mode(path) == 0o600)
        let second = runDemo(["keys", "generate-mnemonic", "--out=\(path)"])
        #expect(second.code.rawValue == 73)
        #expect(second.stderr == "error: '\(path)' already exists; choose another path or move the old file away\n")
    }
}
