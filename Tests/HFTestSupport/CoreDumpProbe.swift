import Foundation

/// Where this machine's kernel writes core files, whether a test can see them, and what a process's core limit is.
///
/// With a `core_pattern` that is a plain file name (`core`, `core.%p`), a core lands in the crashing process's
/// working directory, so a test that starts a child in a directory of its own finds it there. With a pipe
/// (`|/usr/lib/systemd/systemd-coredump …`) or an absolute path, it cannot; the tests then assert on the process's
/// limits and dumpable flag instead. The pattern is only read, never changed (other programs share it).
public enum CoreDumpProbe {
    /// `/proc/sys/kernel/core_pattern`, without the newline.
    public static var pattern: String {
        ((try? String(contentsOfFile: "/proc/sys/kernel/core_pattern", encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether cores are written as files named by ``pattern`` in the crashing process's working directory.
    public static var writesIntoWorkingDirectory: Bool {
        let pattern = self.pattern
        return !pattern.isEmpty && !pattern.hasPrefix("|") && !pattern.contains("/")
    }

    /// The fixed start of a core file's name (`core` for `core.%p`).
    static var namePrefix: String {
        String(pattern.prefix { $0 != "%" })
    }

    /// The core files in `directory` (names starting with the pattern's fixed part).
    public static func cores(in directory: String) -> [String] {
        let prefix = namePrefix
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { !prefix.isEmpty && $0.hasPrefix(prefix) }
    }

    /// The positive control: a shell started like the program under test (``TerminalProcess``: unlimited cores,
    /// default signal actions) and killed by `signal` in `directory` leaves a core there (proving the test would
    /// see one), which is then removed. - Returns: whether one appeared.
    public static func controlProcessLeavesCore(in directory: String, signal: Int32) throws -> Bool {
        let control = try TerminalProcess(path: "/bin/sh", arguments: ["-c", "kill -\(signal) $$"], directory: directory)
        _ = control.waitForExit(seconds: 30)
        let found = cores(in: directory)
        for name in found { try? FileManager.default.removeItem(atPath: directory + "/" + name) }
        return !found.isEmpty
    }

    /// The soft and hard "Max core file size" of process `pid` from `/proc/<pid>/limits` (`"0"`, `"unlimited"`).
    public static func coreLimit(of pid: Int32) -> (soft: String, hard: String)? {
        guard let limits = try? String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8),
            let line = limits.split(separator: "\n").first(where: { $0.hasPrefix("Max core file size") })
        else { return nil }
        let fields = line.dropFirst("Max core file size".count).split(separator: " ")
        guard fields.count >= 2 else { return nil }
        return (String(fields[0]), String(fields[1]))
    }

    /// Whether process `pid` is dumpable, asked of the process itself through `gdb` (`prctl(PR_GET_DUMPABLE)`):
    /// the flag is not shown in `/proc`. Only for machines whose cores a test cannot see. nil when gdb cannot tell.
    public static func isDumpable(_ pid: Int32) throws -> Bool? {
        let gdb = try Subprocess(
            path: "/usr/bin/gdb",
            arguments: ["-batch", "-nx", "-p", String(pid), "-ex", "print (int) prctl(3, 0, 0, 0, 0)", "-ex", "detach"],
            defaultSignals: true)
        let result = gdb.finish()
        guard let line = result.stdout.split(separator: "\n").first(where: { $0.hasPrefix("$1 = ") }) else { return nil }
        return line.dropFirst(5).trimmingCharacters(in: .whitespaces) != "0"
    }
}
