public import Foundation

/// A golden file of a program's human screens (issue 28): the screens a test collects, in order, each as
/// `$ <program> <arguments>  (exit N)` then its stdout and, after `-- stderr --`, its stderr; compared whole with
/// `Tests/Golden/<name>`. A change to a screen is a change to its golden file, reviewed in the diff.
///
/// What depends on the run is replaced in one way for every golden file (``normalized(_:directory:)``): the test's
/// directory by `<DIR>`, an age (`3 minutes ago`, `just now`) by `<AGE>`, and a time of this century by `<TIME>`.
/// `HF_GOLDEN_RECORD=1` rewrites the file from the screens (a test-only variable; the programs never read it); the
/// comparison still runs, so a recording run passes only when the screens were written.
public struct GoldenScreens {
    /// The text collected so far.
    public private(set) var text = ""

    /// An empty collection.
    public init() {}

    /// Adds one screen: the command as typed (`program` and `arguments`), its exit status, stdout and stderr.
    public mutating func add(
        _ program: String, _ arguments: [String], exitCode: Int32, stdout: String, stderr: String
    ) {
        text += "$ " + ([program] + arguments).joined(separator: " ") + "  (exit \(exitCode))\n"
        text += stdout + (stderr.isEmpty ? "" : "-- stderr --\n" + stderr) + "\n"
    }

    /// Adds a section heading (`## heading`), for a golden file that shows several homes.
    public mutating func heading(_ heading: String) {
        text += "## " + heading + "\n\n"
    }

    /// `text` without what depends on the run: `directory` (and anything under it) becomes `<DIR>`, an age
    /// `<AGE>`, a time from 2020 on `<TIME>` (regtest blocks of the fixtures are from 2011 and stay).
    public static func normalized(_ text: String, directory: String) -> String {
        let root = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        var text = text.replacingOccurrences(of: root, with: "<DIR>")
        for pattern in [#"\d+ (second|minute|hour|day)s? ago"#, "just now"] {
            text = text.replacingOccurrences(of: pattern, with: "<AGE>", options: .regularExpression)
        }
        text = text.replacingOccurrences(
            of: #"20[2-9]\d-\d\d-\d\dT\d\d:\d\d:\d\dZ"#, with: "<TIME>", options: .regularExpression)
        return text
    }

    /// `text` with every 64-hex-digit hash (a txid, a block hash) replaced by `<HASH-n>`, numbered in order of first
    /// appearance: for screens of a chain mined with the clock's time, whose hashes differ each run. The same hash is
    /// the same number throughout, so the golden file still shows which screens name the same transaction.
    public static func numberingHashes(_ text: String) -> String {
        guard let pattern = try? NSRegularExpression(pattern: "(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])") else {
            return text
        }
        var numbers: [String: Int] = [:]
        var result = ""
        var last = text.startIndex
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let range = Range(match.range, in: text) else { continue }
            let hash = String(text[range])
            let number = numbers[hash] ?? numbers.count + 1
            numbers[hash] = number
            result += text[last..<range.lowerBound] + "<HASH-\(number)>"
            last = range.upperBound
        }
        return result + text[last...]
    }

    /// The golden file `Tests/Golden/<name>`.
    public static func file(_ name: String) -> URL {
        Vectors.repositoryRoot.appendingPathComponent("Tests/Golden/" + name)
    }

    /// Compares `screens` with `Tests/Golden/<name>` (rewriting it first under `HF_GOLDEN_RECORD=1`).
    ///
    /// - Returns: nil when they are equal, else a readable account of the difference: each differing line of the
    ///   golden file (`-`) and of the screens (`+`) with its line number and the command it belongs to, at most
    ///   `limit` of them, then how to accept the change.
    public static func mismatch(_ screens: String, golden name: String, limit: Int = 40) throws -> String? {
        let url = file(name)
        if ProcessInfo.processInfo.environment["HF_GOLDEN_RECORD"] == "1" {
            try Data(screens.utf8).write(to: url)
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            return "Tests/Golden/\(name) is missing; HF_GOLDEN_RECORD=1 writes it from the screens"
        }
        guard screens != expected else { return nil }
        return difference(expected: expected, actual: screens, name: name, limit: limit)
    }

    /// The lines that differ between `expected` and `actual`, as ``mismatch(_:golden:limit:)`` describes them.
    public static func difference(expected: String, actual: String, name: String, limit: Int = 40) -> String {
        let old = expected.components(separatedBy: "\n")
        let new = actual.components(separatedBy: "\n")
        var report = ["the screens differ from Tests/Golden/\(name) (- golden, + now):"]
        var shown = 0
        var command = ""
        for index in 0..<max(old.count, new.count) {
            let was = index < old.count ? old[index] : nil
            let now = index < new.count ? new[index] : nil
            if let line = now ?? was, line.hasPrefix("$ ") { command = line }
            guard was != now else { continue }
            if shown == limit {
                report.append("… more lines differ")
                break
            }
            shown += 1
            report.append("line \(index + 1), in `\(command)`:")
            if let was { report.append("- " + was) }
            if let now { report.append("+ " + now) }
        }
        report.append("if the change is wanted: HF_GOLDEN_RECORD=1 swift test --skip-build --disable-xctest --filter …")
        return report.joined(separator: "\n")
    }
}
