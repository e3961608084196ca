import HFSystem
import HFTestSupport
import Testing

@testable import HFStore

#if canImport(Glibc)
    import Glibc
#endif

/// HFStore's façades over HFSystem: `FileSync`, and `FileSystemError` built from a writer's `Errno`. (The writers
/// themselves are tested in HFSystemTests.)
@Suite struct FileSyncTests {
    private let fixture: StoreFixture

    init() throws { fixture = try StoreFixture() }

    @Test func fileSyncHelpersWork() throws {
        let path = try fixture.directory.write("data", "x")
        try FileSync.file(path)
        try FileSync.directory(fixture.path)
        try FileSync.directory(containing: path)
        #expect(throws: FileSystemError.self) { try FileSync.file(fixture.directory.path("missing")) }
        #expect(FileSync.parentDirectory(of: "/a/b") == "/a")
        #expect(FileSync.parentDirectory(of: "/b") == "/")
        #expect(FileSync.parentDirectory(of: "b") == ".")
        #expect(FileSync.parentDirectory(of: "a/b/") == "a")
    }

    @Test func aWriterFailureBecomesTheOperationThatFailed() {
        let full = FileSystemError(Errno(code: ENOSPC, call: .write, path: "/h/wallet.json"))
        #expect(full == FileSystemError(.write, path: "/h/wallet.json", code: ENOSPC))
        #expect(full.description.contains("free some disk space"))
        #expect(FileSystemError(Errno(code: ENOENT, call: .open, path: "/a/b")).operation == .create)
        #expect(FileSystemError(Errno(code: EIO, call: .fsync, path: "/a/b")).operation == .sync)
        #expect(FileSystemError(Errno(code: EISDIR, call: .rename, path: "/a/b")).operation == .rename)
        #expect(FileSystemError(Errno(code: EPERM, call: .fchmod, path: "/a/b")).operation == .changeMode)
    }

    @Test func aVaultWriteIntoAMissingDirectoryIsAClearError() throws {
        let path = fixture.directory.path("absent/file")
        do {
            try FileWriter.replaceAtomically(path, contents: [1], permissions: 0o600)
            Issue.record("wrote into a missing directory")
        } catch {
            let failure = FileSystemError(error)
            #expect(failure.operation == .create)
            #expect(failure.code == ENOENT)
            #expect(failure.path == path)
        }
    }
}
