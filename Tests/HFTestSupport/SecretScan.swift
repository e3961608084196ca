import Foundation

#if canImport(Glibc)
    public import Glibc
#endif

/// Looks for secret byte strings where a crash dump would carry them: the writable memory of a live process (what a
/// core holds, read through `/proc/<pid>/mem`; the test runs as root or as the process's owner), or a core file
/// written by `gdb`'s `gcore`.
public enum SecretScan {
    /// Which of `needles` occur somewhere in the writable or anonymous mappings of process `pid`.
    ///
    /// Read-only file mappings (program text, shared libraries) are skipped: no secret is ever written there.
    /// - Returns: the names of the needles found (the keys of `needles`).
    public static func found(in pid: pid_t, _ needles: [String: [UInt8]]) throws -> Set<String> {
        let maps = try String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)
        let memory = open("/proc/\(pid)/mem", O_RDONLY | O_CLOEXEC)
        guard memory >= 0 else { throw Unreadable(path: "/proc/\(pid)/mem", code: errno) }
        defer { close(memory) }
        var found: Set<String> = []
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 5 else { continue }
            let permissions = Array(fields[1])
            let anonymous = fields.count == 5 || fields[5].hasPrefix("[")
            guard permissions[0] == "r", permissions[1] == "w" || anonymous, fields.last != "[vvar]" else { continue }
            let bounds = fields[0].split(separator: "-").compactMap { UInt64($0, radix: 16) }
            guard bounds.count == 2, bounds[1] > bounds[0], bounds[1] - bounds[0] <= 1 << 30 else { continue }
            var region = [UInt8](repeating: 0, count: Int(bounds[1] - bounds[0]))
            let count = region.withUnsafeMutableBytes { pread(memory, $0.baseAddress, $0.count, off_t(bounds[0])) }
            guard count > 0 else { continue }
            found.formUnion(self.found(in: region[0..<count], needles))
        }
        return found
    }

    /// Which of `needles` occur in the file at `path` (a core file).
    public static func found(inFile path: String, _ needles: [String: [UInt8]]) throws -> Set<String> {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        return found(in: bytes[...], needles)
    }

    /// Which of `needles` occur in `bytes` (`memchr` for the first byte, then `memcmp`).
    public static func found(in bytes: ArraySlice<UInt8>, _ needles: [String: [UInt8]]) -> Set<String> {
        bytes.withUnsafeBytes { haystack in
            var found: Set<String> = []
            guard let base = haystack.baseAddress else { return found }
            for (name, needle) in needles where !needle.isEmpty && needle.count <= haystack.count {
                let hit = needle.withUnsafeBytes { pattern -> Bool in
                    var offset = 0
                    let last = haystack.count - needle.count
                    while offset <= last {
                        guard let start = memchr(base + offset, Int32(needle[0]), last - offset + 1) else { return false }
                        let position = base.distance(to: UnsafeRawPointer(start))
                        if memcmp(base + position, pattern.baseAddress!, needle.count) == 0 { return true }
                        offset = position + 1
                    }
                    return false
                }
                if hit { found.insert(name) }
            }
            return found
        }
    }

    /// A `/proc` file could not be opened.
    public struct Unreadable: Error, CustomStringConvertible {
        public let path: String
        public let code: Int32
        public var description: String { "cannot open \(path): errno \(code)" }
    }
}
