import HFCrypto
import HFTestSupport
import Testing

@testable import HFStore

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct AtomicFileTests {
    private let fixture: StoreFixture

    init() throws { fixture = try StoreFixture() }

    @Test func createsWithMode0600WhateverTheUmask() throws {
        let path = fixture.directory.path("config.json")
        try Fixtures.withUmask(0) { try AtomicFile.write(Array("{}".utf8), to: path) }
        #expect(Fixtures.mode(of: path) == 0o600)
        #expect(try SecretFile.read(path).bytes == Array("{}".utf8))
        #expect(try Fixtures.names(in: fixture.path) == ["config.json"])  // No temporary file left.
    }

    @Test func replacesContentsAndAppliesTheGivenMode() throws {
        let path = fixture.directory.path("notes")
        try AtomicFile.write([1, 2, 3], to: path)
        try AtomicFile.write([4], to: path, mode: 0o644)
        #expect(Fixtures.mode(of: path) == 0o644)
        #expect(Fixtures.size(of: path) == 1)
        try AtomicFile.write(SecureBytes([9, 9]), to: path)
        #expect(Fixtures.mode(of: path) == 0o600)
        #expect(try SecretFile.read(path).bytes == [9, 9])
    }

    @Test func replacesASymbolicLinkInsteadOfFollowingIt() throws {
        let target = try fixture.directory.write("target", "keep")
        let link = fixture.directory.path("link")
        #expect(symlink(target, link) == 0)
        try AtomicFile.write([1], to: link)
        #expect(try SecretFile.read(target).bytes == Array("keep".utf8))
        #expect(try SecretFile.read(link).bytes == [1])
    }

    /// The disk failing part-way through the write (a fault the real system cannot be made to produce on demand)
    /// leaves the old file intact and no temporary file behind.
    @Test func aFailureMidWriteLeavesTheOldFile() throws {
        let path = fixture.directory.path("wallet.json")
        try AtomicFile.write(Array("old".utf8), to: path)
        let failing = AtomicFile.Writer { fd, bytes in
            _ = Posix.writeAll(fd, UnsafeRawBufferPointer(rebasing: bytes.prefix(2)))
            return Posix.Errno(code: ENOSPC)
        }
        let new = Array("new contents".utf8)
        do {
            try new.withUnsafeBytes { buffer in
                try AtomicFile.write(buffer, to: path, mode: 0o600, writer: failing)
            }
            Issue.record("the failing write succeeded")
        } catch let error as FileSystemError {
            #expect(error.operation == .write)
            #expect(error.code == ENOSPC)
            #expect(error.description.contains("free some disk space"))
        }
        #expect(try SecretFile.read(path).bytes == Array("old".utf8))
        #expect(try Fixtures.names(in: fixture.path) == ["wallet.json"])
    }

    @Test func aMissingDirectoryIsAClearError() throws {
        let path = fixture.directory.path("absent/file")
        do {
            try AtomicFile.write([1], to: path)
            Issue.record("wrote into a missing directory")
        } catch {
            #expect(error.operation == .create)
            #expect(error.code == ENOENT)
        }
    }

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
}
