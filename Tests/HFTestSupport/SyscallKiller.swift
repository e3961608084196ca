import Foundation

/// Kills a command at the n-th durable system call, with strace's fault injection
/// (`strace -e inject=CALL:signal=SIGKILL:when=N`; strace is the Debian package `strace`). A real SIGKILL of the real
/// binary at a real system call: the kernel, SQLite and the file system do what they do after a crash there.
///
/// Use: ``points(_:arguments:after:)`` runs the command once under strace and lists every durable call it makes
/// after it first touches `marker` (its home: calls before that, such as the dynamic loader's, cannot change any
/// state); then, for each point, restore the starting state and ``kill(_:arguments:at:)``.
public enum SyscallKiller {
    /// The calls that can make state durable or visible: writes, syncs, truncations, renames, links, unlinks, opens.
    public static let durableCalls = [
        "write", "pwrite64", "fsync", "fdatasync", "ftruncate", "rename", "renameat", "renameat2", "link", "linkat",
        "unlink", "unlinkat", "openat",
    ]

    /// strace's path, when installed.
    public static var strace: String? {
        ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// One place to kill: the `occurrence`-th call (from 1) of `call` in the main thread.
    public struct Point: Sendable, Hashable, CustomStringConvertible {
        public let call: String
        public let occurrence: Int
        public var description: String { "\(call)#\(occurrence)" }
    }

    /// strace is missing.
    public struct Unavailable: Error, CustomStringConvertible {
        public init() {}
        public var description: String { "strace is not installed (Debian package strace; `make deps` installs it)" }
    }

    /// Every durable call `tool` makes with `arguments` after its first call naming a path that contains `marker`.
    ///
    /// - Parameter threads: trace every thread (`strace -f`), for a program that does its work off the main thread
    ///   (an async `main`): each thread's calls are counted on their own (strace counts injections per syscall and
    ///   per tracee), from the first one of that thread naming `marker`. Points repeated by several threads are
    ///   listed once. When killing at such a point, another thread reaching its own n-th call first is killed there
    ///   instead: an earlier kill, still a real one.
    public static func points(
        _ tool: String, arguments: [String], after marker: String, threads: Bool = false
    ) throws -> [Point] {
        guard let strace else { throw Unavailable() }
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("hf-strace-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let child = try Subprocess(
            path: strace,
            arguments: ["-qq"] + (threads ? ["-f"] : []) + ["-o", trace, "-e", "trace=" + durableCalls.joined(separator: ",")]
                + [tool] + arguments)
        _ = child.finish()
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        var counts: [String: Int] = [:]
        var points: [Point] = []
        var started: Set<Substring> = []
        for var line in lines {
            var thread: Substring = ""
            // strace -f writes the thread id left-justified in five columns ("%-5d "): "812   openat(…".
            if threads, let space = line.firstIndex(of: " ") {
                thread = line[..<space]
                line = line[space...].drop { $0 == " " }
            }
            guard let paren = line.firstIndex(of: "(") else { continue }
            let call = String(line[..<paren])
            guard durableCalls.contains(call) else { continue }
            counts["\(thread) \(call)", default: 0] += 1
            if line.contains(marker) { started.insert(thread) }
            guard started.contains(thread) else { continue }
            let point = Point(call: call, occurrence: counts["\(thread) \(call)"] ?? 0)
            if !points.contains(point) { points.append(point) }
        }
        return points
    }

    /// Runs `tool` with `arguments`, killed with SIGKILL when it enters the call of `point` (in any thread with
    /// `threads`, as ``points(_:arguments:after:threads:)`` found it).
    ///
    /// - Returns: whether it was killed (false when it finished before reaching the point).
    @discardableResult
    public static func kill(_ tool: String, arguments: [String], at point: Point, threads: Bool = false) throws -> Bool {
        guard let strace else { throw Unavailable() }
        let child = try Subprocess(
            path: strace,
            arguments: ["-qq"] + (threads ? ["-f"] : []) + [
                "-o", "/dev/null", "-e", "trace=\(point.call)",
                "-e", "inject=\(point.call):signal=SIGKILL:when=\(point.occurrence)",
            ] + [tool] + arguments)
        _ = child.finish()
        return child.wasSignalled
    }

    /// Replaces `destination` with a copy of `source` (modes kept), e.g. a home restored before each kill.
    public static func restore(_ source: String, to destination: String) throws {
        try? FileManager.default.removeItem(atPath: destination)
        let copy = try Subprocess(path: "/bin/cp", arguments: ["-a", source, destination])
        guard copy.finish().status == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}
