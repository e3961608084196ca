import Foundation
import HFTestSupport
import Testing

@testable import HFSystem

@Suite struct FileDescriptorTests {
    private let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    @Test func writeReadResizeAndStatus() throws {
        let path = directory.path("records")
        let fd = try FileDescriptor.open(path, .readWrite, options: [.create, .noFollow], permissions: 0o600)
        defer { fd.closeIgnoringErrors() }
        try fd.writeAll(toAbsoluteOffset: 0, [1, 2, 3, 4])
        try fd.writeAll(toAbsoluteOffset: 4, [5, 6])
        try fd.sync()
        var buffer = [UInt8](repeating: 0, count: 8)
        let count = try buffer.withUnsafeMutableBytes { try fd.read(fromAbsoluteOffset: 2, into: $0) }
        #expect(count == 4)
        #expect(Array(buffer[..<count]) == [3, 4, 5, 6])
        try fd.resize(to: 3)
        #expect(try fd.status().size == 3)
        #expect(try fd.status().kind == .regular)
        #expect(try fd.readAllBytes() == [1, 2, 3])
    }

    @Test func openFailuresCarryTheCallAndPath() throws {
        let path = directory.path("missing")
        do {
            _ = try FileDescriptor.open(path, .readOnly)
            Issue.record("opened a missing file")
        } catch {
            #expect(error == Errno(code: Errno.noSuchFileOrDirectory, call: .open, path: path))
            #expect(error.description == "open '\(path)': no such file or directory")
            #expect(error.message == "no such file or directory")
        }
    }

    @Test func noFollowRefusesASymbolicLink() throws {
        let target = try directory.write("target", "x")
        let link = directory.path("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(throws: Errno(code: Errno.tooManySymbolicLinks, call: .open, path: link)) {
            try FileDescriptor.open(link, .readOnly, options: [.noFollow])
        }
    }

    @Test func exclusiveCreateRefusesAnExistingFile() throws {
        let path = try directory.write("taken", "old")
        #expect(throws: Errno(code: Errno.fileExists, call: .open, path: path)) {
            try FileDescriptor.open(path, .writeOnly, options: [.create, .exclusiveCreate], permissions: 0o600)
        }
    }

    @Test func descriptorErrorsHaveNoPath() {
        let error = Errno(code: Errno.noSpace, call: .fsync)
        #expect(error.description == "fsync: no space left on device")
        #expect(Errno.describe(Errno.permissionDenied) == "permission denied")
    }

    /// Two open file descriptions of one file: the second cannot take the lock while the first holds it, and can
    /// once the first unlocks and closes.
    @Test func exclusiveLocksConflictBetweenDescriptors() throws {
        let path = directory.path("lock")
        let first = try FileDescriptor.open(path, .readWrite, options: [.create], permissions: 0o600)
        let second = try FileDescriptor.open(path, .readWrite)
        defer { second.unlockAndClose() }
        #expect(try first.tryLockExclusive())
        #expect(try first.tryLockExclusive())  // The holder may take it again.
        #expect(try second.tryLockExclusive() == false)
        first.unlockAndClose()
        #expect(try second.tryLockExclusive())
    }

    @Test func lockingAClosedDescriptorIsAnError() throws {
        let fd = try FileDescriptor.open(directory.path("f"), .readWrite, options: [.create], permissions: 0o600)
        try fd.close()
        #expect(throws: Errno.self) { try fd.tryLockExclusive() }
        #expect(throws: Errno(code: EBADF, call: .fsync)) { try fd.sync() }
    }

    /// Every call is retried while it fails with `EINTR`, and not otherwise.
    @Test func interruptedCallsAreRetried() {
        var calls = 0
        let value = valueOrErrno { () -> CInt in
            calls += 1
            if calls < 4 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(value == .success(7))
        #expect(calls == 4)

        calls = 0
        let failure = valueOrErrno { () -> CInt in
            calls += 1
            errno = calls < 3 ? EINTR : EIO
            return -1
        }
        #expect(failure == .failure(ErrnoValue(EIO)))
        #expect(calls == 3)

        calls = 0
        let unretried = valueOrErrno(retryOnInterrupt: false) { () -> CInt in
            calls += 1
            errno = EINTR
            return -1
        }
        #expect(unretried == .failure(ErrnoValue(EINTR)))
        #expect(calls == 1)
    }

    @Test func directoryHelpers() throws {
        _ = try directory.write("a", "1")
        _ = try directory.write("b", "2")
        #expect(try FileSystem.directoryEntries(directory.url.path).sorted() == ["a", "b"])
        try FileSystem.syncDirectory(directory.url.path)
        try FileSystem.syncDirectory(containing: directory.path("a"))
        try FileSystem.rename(directory.path("a"), to: directory.path("c"))
        try FileSystem.remove(directory.path("b"))
        #expect(try FileSystem.directoryEntries(directory.url.path) == ["c"])
        #expect(throws: Errno(code: Errno.noSuchFileOrDirectory, call: .unlink, path: directory.path("b"))) {
            try FileSystem.remove(directory.path("b"))
        }
        try FileSystem.makeDirectory(directory.path("sub"), permissions: 0o755)
        try FileSystem.setPermissions(directory.path("sub"), 0o700)
        #expect(try FileSystem.linkStatus(directory.path("sub")) == FileStatus(
            kind: .directory, permissions: 0o700, owner: CurrentProcess.effectiveUserID,
            size: FileSystem.linkStatus(directory.path("sub")).size))
        #expect(FileSystem.parentDirectory(of: "/a/b") == "/a")
        #expect(FileSystem.parentDirectory(of: "/b") == "/")
        #expect(FileSystem.parentDirectory(of: "b") == ".")
        #expect(FileSystem.parentDirectory(of: "a/b/") == "a")
        #expect(CurrentProcess.processExists(CurrentProcess.id))
        #expect(FileStatus.octal(0o644) == "0644")
    }

    @Test func openCreatingExactlyCreatesWithTheExactModeAndOpensAnExistingFileAsItIs() throws {
        let path = directory.path("state")
        let first = try FileDescriptor.openCreatingExactly(path, .readWrite, permissions: 0o600)
        #expect(first.created)
        #expect(try first.descriptor.status().permissions == 0o600)
        try first.descriptor.writeAll([1, 2])
        first.descriptor.closeIgnoringErrors()
        // An existing file keeps its mode (judging it is the caller's business) and its bytes.
        #expect(chmod(path, 0o640) == 0)
        let second = try FileDescriptor.openCreatingExactly(path, .readOnly, permissions: 0o600)
        defer { second.descriptor.closeIgnoringErrors() }
        #expect(!second.created)
        #expect(try second.descriptor.status().permissions == 0o640)
        #expect(try second.descriptor.readAllBytes() == [1, 2])
        // Never through a final link.
        let link = directory.path("link")
        #expect(symlink(path, link) == 0)
        #expect(throws: Errno(code: Errno.tooManySymbolicLinks, call: .open, path: link)) {
            try FileDescriptor.openCreatingExactly(link, .readWrite, permissions: 0o600)
        }
    }

    @Test func resolvedPathFollowsEveryLinkAndRemoveDirectoryOnlyEmptiesOnes() throws {
        let real = directory.path("real")
        #expect(mkdir(real, 0o700) == 0)
        let link = directory.path("link")
        #expect(symlink(real, link) == 0)
        let resolvedBase = try FileSystem.resolvedPath(directory.url.path)
        #expect(try FileSystem.resolvedPath(link) == resolvedBase + "/real")
        #expect(try FileSystem.resolvedPath(link + "/../link/.") == resolvedBase + "/real")
        #expect(throws: Errno(code: Errno.noSuchFileOrDirectory, call: .realpath, path: link + "/absent")) {
            try FileSystem.resolvedPath(link + "/absent")
        }
        _ = try directory.write("real/file", "x")
        #expect(throws: Errno.self) { try FileSystem.removeDirectory(real) }
        FileSystem.removeIfPresent(real + "/file")
        try FileSystem.removeDirectory(real)
        #expect(!FileSystem.exists(real))
    }
}
