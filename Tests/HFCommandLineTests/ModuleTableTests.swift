import Foundation
import HFTestSupport
import Testing

/// ARCHITECTURE.md's module table is true (issue 31, "closed doors"): every target under `Sources/` is in it, its
/// "may import" column is exactly the target's dependency list in `Package.swift` (read with `swift package
/// dump-package`), and no source file imports a module outside that list — including the modules a dependency brings
/// along, which SwiftPM itself lets through (a planted `import HFStore` in `hf-signer` builds, and fails here).
/// Besides the listed modules a file may import the toolchain's `Foundation`, `FoundationEssentials`, `Dispatch`
/// and `Synchronization`; the networking part of Foundation only in HFNetwork; the C library only in the modules
/// that import it today (a list that may only shrink, as issue 31 moves system calls into HFSystem).
@Suite struct ModuleTableTests {
    /// The toolchain's modules any target may import.
    static let toolchain: Set<String> = ["Foundation", "FoundationEssentials", "Dispatch", "Synchronization"]
    /// The C library's modules (one per platform).
    static let cLibrary: Set<String> = ["Glibc", "Musl", "Darwin"]
    /// The modules that still import the C library themselves instead of calling HFSystem (issue 31): none since
    /// session 10. Never add one.
    static let cLibraryDebt: Set<String> = []

    /// Any import line: with attributes (`@testable`, `@preconcurrency`, …), an access level, or of a single
    /// declaration (`import struct HFStore.Database`), and nothing after it but a comment (a line of text in a
    /// string that begins with "import" is not an import); the module name is captured.
    static let importLine = try! NSRegularExpression(
        pattern: #"^\s*(@[A-Za-z_]+\s+)*((public|package|internal|fileprivate|private)\s+)?import\s+"#
            + #"((typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z_0-9]*)(\.[A-Za-z_0-9.]+)?\s*(//.*)?$"#)

    /// The module table: each module (or executable) of ARCHITECTURE.md's tables and what it may import.
    static func table() throws -> [String: Set<String>] {
        let text = try String(
            contentsOf: Vectors.repositoryRoot.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        var table: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4 else { continue }
            let names = Self.codeSpans(cells[1])
            let allowed = cells[cells.count - 2] == "system" || cells[cells.count - 2] == "—"
                ? [] : cells[cells.count - 2].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            for name in names { table[name] = Set(allowed) }
        }
        return table
    }

    /// The text of each `code span` of `cell`.
    static func codeSpans(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { index, part in
            index % 2 == 1 ? String(part) : nil
        }
    }

    /// Each target under `Sources/` and its declared dependencies, from `swift package dump-package`.
    static func declared() throws -> [String: Set<String>] {
        let scratch = try TemporaryDirectory()
        let dump = try Subprocess(
            path: "/usr/bin/env",
            arguments: [
                "swift", "package", "--package-path", Vectors.repositoryRoot.path, "--scratch-path", scratch.path("scratch"),
                "dump-package",
            ])
        let (status, stdout, stderr) = dump.finish()
        guard status == 0 else { throw DumpFailed(stderr: stderr) }
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        var declared: [String: Set<String>] = [:]
        for target in targets where (target["type"] as? String) != "test" {
            guard let name = target["name"] as? String, (target["path"] as? String)?.hasPrefix("Tests") != true,
                FileManager.default.fileExists(atPath: Vectors.repositoryRoot.appendingPathComponent("Sources/" + name).path)
            else { continue }
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                (dependency.values.first as? [Any])?.first as? String
            }
            declared[name] = Set(dependencies)
        }
        return declared
    }

    struct DumpFailed: Error { let stderr: String }

    /// The modules the `.swift` files under `Sources/<target>` import, with a file that imports each.
    static func imports(of target: String) throws -> [String: String] {
        let directory = Vectors.repositoryRoot.appendingPathComponent("Sources/" + target)
        let files = (FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }
        var imports: [String: String] = [:]
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let line = String(line)
                guard let match = importLine.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
                    let range = Range(match.range(at: 6), in: line)
                else { continue }
                if imports[String(line[range])] == nil { imports[String(line[range])] = "Sources/\(target)/\(file)" }
            }
        }
        return imports
    }

    @Test func theTableListsEveryTargetWithItsDeclaredDependencies() throws {
        let table = try Self.table()
        let declared = try Self.declared()
        #expect(declared.count >= 30, "the manifest's targets were not read: \(declared.keys.sorted())")
        for (target, dependencies) in declared.sorted(by: { $0.key < $1.key }) {
            guard let allowed = table[target] else {
                Issue.record("Sources/\(target) is not in ARCHITECTURE.md's module table")
                continue
            }
            #expect(
                allowed == dependencies,
                "\(target): ARCHITECTURE.md says it may import \(allowed.sorted()), Package.swift gives it \(dependencies.sorted())")
        }
        for name in table.keys where declared[name] == nil {
            Issue.record("ARCHITECTURE.md lists \(name), which is no target under Sources/")
        }
    }

    @Test func noSourceImportsAModuleItsTargetDoesNotDeclare() throws {
        let declared = try Self.declared()
        var importsCLibrary: Set<String> = []
        for (target, dependencies) in declared.sorted(by: { $0.key < $1.key }) {
            for (module, file) in try Self.imports(of: target).sorted(by: { $0.key < $1.key }) {
                if Self.cLibrary.contains(module) {
                    importsCLibrary.insert(target)
                    continue
                }
                let allowed = dependencies.contains(module) || Self.toolchain.contains(module)
                    || (module == "FoundationNetworking" && target == "HFNetwork")
                #expect(allowed, "\(file) imports \(module), which \(target) may not import (ARCHITECTURE.md, Modules)")
            }
        }
        let systemCallers: Set<String> = ["HFSystem", "CSystemShims"]
        let newcomers = importsCLibrary.subtracting(systemCallers).subtracting(Self.cLibraryDebt)
        #expect(newcomers.isEmpty, "these import the C library directly; call HFSystem instead: \(newcomers.sorted())")
        let cleared = Self.cLibraryDebt.subtracting(importsCLibrary)
        #expect(cleared.isEmpty, "these no longer import the C library: remove them from cLibraryDebt: \(cleared.sorted())")
    }

    /// C library functions that only a system call funnel has a reason to call (Foundation re-exports the C library
    /// on Linux, so a file can call them without importing it): outside HFSystem and the C shims, none is called.
    static let systemOnlyCall = try! NSRegularExpression(
        pattern: #"(^|[^.A-Za-z0-9_])(isatty|tcsetattr|tcgetattr|fcntl|mkdtemp|usleep|nanosleep|ioctl|strerror|memset|"#
            + #"explicit_bzero|getpid|waitpid|posix_spawn|dup2|setsockopt|getsockname|clock_gettime|lstat|fstat|"#
            + #"opendir|readdir|closedir|sigaction)\(|SIG_IGN|SIG_DFL|Glibc\."#)

    @Test func noFileOutsideHFSystemCallsTheCLibraryItself() throws {
        #expect(Self.systemOnlyCall.firstMatch(in: "    _ = isatty(1)", range: NSRange(location: 0, length: 17)) != nil,
                "the check can fail")
        var callers: [String] = []
        for target in try Self.declared().keys.sorted() where !["HFSystem", "CSystemShims"].contains(target) {
            let directory = Vectors.repositoryRoot.appendingPathComponent("Sources/" + target)
            let files = (FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? [])
                .filter { $0.hasSuffix(".swift") }
            for file in files {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false)[0])
                    if Self.systemOnlyCall.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
                        callers.append("Sources/\(target)/\(file):\(number + 1)")
                    }
                }
            }
        }
        #expect(callers.isEmpty, "these call the C library; call HFSystem instead: \(callers)")
    }

    /// The check itself can fail: a planted import of the store in the signer's executable is found.
    @Test func aPlantedImportIsFound() throws {
        let line = "@preconcurrency public import struct HFStore.Database"
        let match = try #require(Self.importLine.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)))
        #expect(Range(match.range(at: 6), in: line).map { String(line[$0]) } == "HFStore")
        let declared = try Self.declared()
        #expect(declared["hf-signer"]?.contains("HFStore") == false, "hf-signer must not declare the store")
    }
}
