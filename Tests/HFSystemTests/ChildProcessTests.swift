import Foundation
import HFSystem
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `ChildProcess.spawn` with a real `/bin/sh` script: its output arrives through the pipe, and a script that is
/// still open for writing (ETXTBSY, as when another thread forks while a test writes a stand-in `zbarcam`) is
/// started once the writer lets go, instead of failing at once.
@Suite struct ChildProcessTests {
    static func scratch() throws -> (directory: URL, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hf-child-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (directory, directory.appendingPathComponent("child").path)
    }

    /// Everything the child writes, until it closes its end.
    static func output(of child: ChildProcess) throws -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try child.standardOutput.read(into: $0) }
            if count == 0 { return String(decoding: bytes, as: UTF8.self) }
            bytes += buffer[..<count]
        }
    }

    @Test func theChildsOutputArrivesThroughThePipe() throws {
        let (directory, path) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "#!/bin/sh\necho \"$@\"\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(chmod(path, 0o700) == 0)
        let child = try ChildProcess.spawn(path, arguments: ["--raw", "--nodisplay"])
        let output = try Self.output(of: child)
        #expect(child.stop() == 0)
        #expect(output == "--raw --nodisplay\n")
    }

    @Test func aScriptStillOpenForWritingIsStartedOnceTheWriterCloses() throws {
        let (directory, path) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o700)
        try #require(fd >= 0)
        let body = Array("#!/bin/sh\necho started\n".utf8)
        #expect(write(fd, body, body.count) == body.count)
        // Held open for writing: exec would fail with ETXTBSY. Let go after 100 ms, from another thread.
        let writer = Thread { usleep(100_000); close(fd) }
        writer.start()
        let child = try ChildProcess.spawn(path, arguments: [])
        let output = try Self.output(of: child)
        #expect(child.stop() == 0)
        #expect(output == "started\n")
    }

    @Test func aScriptHeldOpenForWritingLongerIsReportedAsBusy() throws {
        let (directory, path) = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o700)
        try #require(fd >= 0)
        defer { close(fd) }
        let body = Array("#!/bin/sh\necho never\n".utf8)
        #expect(write(fd, body, body.count) == body.count)
        #expect(throws: Errno.self) { _ = try ChildProcess.spawn(path, arguments: []) }
    }
}
