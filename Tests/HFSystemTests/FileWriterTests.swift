import Foundation
import HFTestSupport
import Testing

@testable import HFSystem

@Suite struct FileWriterTests {
    private let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    private func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
    }

    private static func contents(_ path: String) throws -> [UInt8] {
        let fd = try FileDescriptor.open(path, .readOnly, options: [.noFollow])
        defer { fd.closeIgnoringErrors() }
        return try fd.readAllBytes()
    }

    // MARK: - createNew

    @Test(arguments: [0o600, 0o644, 0o400] as [UInt32])
    func createNewHonoursTheModeWhateverTheUmask(mode: UInt32) throws {
        let path = directory.path("new")
        let old = umask(0o077)
        defer { umask(old) }
        try FileWriter.createNew(path, contents: [1, 2, 3], permissions: FilePermissions(rawValue: mode))
        #expect(try FileSystem.linkStatus(path).permissions == mode)
        #expect(try Self.contents(path) == [1, 2, 3])
        #expect(try names() == ["new"])  // No temporary file left.
    }

    @Test func createNewRefusesAnExistingFileAndLeavesItUnchanged() throws {
        let path = try directory.write("taken", "old", mode: 0o600)
        do {
            try FileWriter.createNew(path, contents: Array("new".utf8), permissions: 0o644)
            Issue.record("replaced an existing file")
        } catch {
            #expect(error.code == Errno.fileExists)
            #expect(error.path == path)
        }
        #expect(try Self.contents(path) == Array("old".utf8))
        #expect(try FileSystem.linkStatus(path).permissions == 0o600)
        #expect(try names() == ["taken"])
    }

    @Test func createNewRefusesADanglingSymbolicLink() throws {
        let path = directory.path("link")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: directory.path("absent"))
        #expect(throws: Errno.self) { try FileWriter.createNew(path, contents: [1], permissions: 0o600) }
        #expect(!FileSystem.exists(directory.path("absent")))
        #expect(try names() == ["link"])
    }

    @Test func createNewInAMissingDirectoryNamesTheDestination() throws {
        let path = directory.path("absent/file")
        do {
            try FileWriter.createNew(path, contents: [1], permissions: 0o600)
            Issue.record("created a file in a missing directory")
        } catch {
            #expect(error.code == Errno.noSuchFileOrDirectory)
            #expect(error.call == .open)
            #expect(error.description == "open '\(path)': no such file or directory")
        }
    }

    @Test func createNewWritesAnEmptyFile() throws {
        let path = directory.path("empty")
        try FileWriter.createNew(path, contents: [], permissions: 0o600)
        #expect(try Self.contents(path) == [])
    }

    // MARK: - replaceAtomically

    @Test func replaceCreatesThenReplacesWithTheGivenMode() throws {
        let path = directory.path("state.json")
        try FileWriter.replaceAtomically(path, contents: [1, 2, 3], permissions: 0o600)
        #expect(try Self.contents(path) == [1, 2, 3])
        try FileWriter.replaceAtomically(path, contents: [4], permissions: 0o644)
        #expect(try Self.contents(path) == [4])
        #expect(try FileSystem.linkStatus(path).permissions == 0o644)
        #expect(try names() == ["state.json"])
    }

    @Test func replaceReplacesASymbolicLinkInsteadOfFollowingIt() throws {
        let target = try directory.write("target", "keep")
        let link = directory.path("link")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try FileWriter.replaceAtomically(link, contents: [1], permissions: 0o600)
        #expect(try Self.contents(target) == Array("keep".utf8))
        #expect(try FileSystem.linkStatus(link).kind == .regular)
        #expect(try Self.contents(link) == [1])
    }

    /// The disk failing part-way through the write (a fault the real system cannot be made to produce on demand)
    /// leaves the old file intact and no temporary file behind.
    @Test func aFailureMidWriteLeavesTheOldFileAndNoTemporary() throws {
        let path = directory.path("wallet.json")
        try FileWriter.replaceAtomically(path, contents: Array("old".utf8), permissions: 0o600)
        let failing: FileWriter.Writer = { (fd, bytes) throws(Errno) in
            try fd.writeAll(UnsafeRawBufferPointer(rebasing: bytes.prefix(2)))
            throw Errno(code: Errno.noSpace, call: .write)
        }
        do {
            try Array("new contents".utf8).withUnsafeBytes { buffer in
                try FileWriter.replaceAtomically(path, contents: buffer, permissions: 0o600, writer: failing)
            }
            Issue.record("the failing write succeeded")
        } catch let error as Errno {
            #expect(error.call == .write)
            #expect(error.code == Errno.noSpace)
            #expect(error.path == path)
            #expect(error.description == "write '\(path)': no space left on device")
        }
        #expect(try Self.contents(path) == Array("old".utf8))
        #expect(try names() == ["wallet.json"])
    }

    /// A rename that fails (the destination is a non-empty directory) leaves the destination as it was and removes
    /// the temporary file: a real failure after the bytes were written.
    @Test func aFailedRenameLeavesTheDestinationAndNoTemporary() throws {
        let path = directory.path("dir")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        _ = try directory.write("dir/inside", "x")
        do {
            try FileWriter.replaceAtomically(path, contents: [1, 2], permissions: 0o600)
            Issue.record("renamed over a directory")
        } catch {
            #expect(error.call == .rename)
            #expect(error.code == Errno.isDirectory)
        }
        #expect(try FileSystem.linkStatus(path).kind == .directory)
        #expect(try names() == ["dir"])
    }

    @Test func replaceInAMissingDirectoryFailsAtOpen() throws {
        let path = directory.path("absent/file")
        #expect(throws: Errno(code: Errno.noSuchFileOrDirectory, call: .open, path: path)) {
            try FileWriter.replaceAtomically(path, contents: [1], permissions: 0o600)
        }
    }

    /// Ten threads replace one file at once: every reader sees one complete version, never a part.
    @Test func concurrentReplacementsAreAlwaysComplete() throws {
        let path = directory.path("shared")
        try FileWriter.replaceAtomically(path, contents: [UInt8](repeating: 0, count: 4096), permissions: 0o600)
        DispatchQueue.concurrentPerform(iterations: 10) { index in
            let bytes = [UInt8](repeating: UInt8(index + 1), count: 4096)
            for _ in 0..<5 {
                try? FileWriter.replaceAtomically(path, contents: bytes, permissions: 0o600)
                if let seen = try? Self.contents(path) {
                    #expect(seen.count == 4096 && Set(seen).count == 1)
                }
            }
        }
        #expect(try names() == ["shared"])
    }
}
