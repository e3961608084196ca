import Foundation
import HFTestSupport
import Testing

/// The watcher's executable is a façade (ARCHITECTURE.md, "Executables"; issue 26): it parses, calls
/// `WatcherSession` and prints. No file of `Sources/hf-watcher` imports the store, the home, the migration library
/// or the networking clients, in any import form, and `Package.swift` gives the target no such edge.
@Suite struct WatcherFacadeTests {
    /// The modules only the core may reach.
    static let forbiddenModules = ["HFNetwork", "HFStore", "HFMigration", "HFHome"]

    /// Any import of one of `forbiddenModules`: with attributes (`@testable`, `@preconcurrency`, `@_exported`, …), an
    /// access level (`public import`), or of a single declaration (`import struct HFStore.Database`).
    static func forbiddenImport() -> NSRegularExpression {
        try! NSRegularExpression(
            pattern: #"^\s*(@[A-Za-z_]+\s+)*((public|package|internal|fileprivate|private)\s+)?import\s+"#
                + #"((typealias|struct|class|enum|protocol|let|var|func)\s+)?("#
                + forbiddenModules.joined(separator: "|") + #")\b"#)
    }

    /// The forbidden import lines of `text`, with their 1-based line numbers.
    static func forbiddenImports(in text: String) -> [(line: Int, text: String)] {
        let expression = forbiddenImport()
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let line = String(line)
            let range = NSRange(line.startIndex..., in: line)
            guard expression.firstMatch(in: line, range: range) != nil else { return nil }
            return (index + 1, line)
        }
    }

    /// Every `.swift` file under `Sources/hf-watcher`, as paths relative to the repository root.
    static func executableSources() throws -> [String] {
        let root = Vectors.repositoryRoot
        let directory = root.appendingPathComponent("Sources/hf-watcher")
        guard let files = FileManager.default.enumerator(atPath: directory.path) else {
            throw CocoaError(.fileReadNoSuchFile)
        }
        return files.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
            .map { "Sources/hf-watcher/" + $0 }
    }

    @Test func noExecutableFileImportsTheStoreTheHomeTheMigrationOrTheNetwork() throws {
        let files = try Self.executableSources()
        #expect(files.count > 20, "sanity: the executable's sources are found (\(files.count))")
        #expect(files.contains("Sources/hf-watcher/main.swift"))
        for file in files {
            let text = try String(
                contentsOf: Vectors.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            for found in Self.forbiddenImports(in: text) {
                let message =
                    "\(file):\(found.line) imports a module only HFWatcherCore may use: \(found.text) — move the work "
                    + "into a WatcherSession use case"
                Issue.record(Comment(rawValue: message))
            }
        }
    }

    @Test func everyImportFormIsFound() {
        let forbidden = [
            "import HFNetwork", "import HFStore", "import HFMigration", "import HFHome", "  import HFNetwork // why",
            "@testable import HFStore", "public import HFHome", "internal import HFNetwork",
            "@preconcurrency import HFNetwork", "@_exported public import HFHome", "import struct HFStore.Database",
            "import enum HFNetwork.OrdinalState", "import func HFMigration.wipe", "import HFStore.Database",
        ]
        for line in forbidden {
            #expect(Self.forbiddenImports(in: "import HFCommandLine\n" + line + "\n").map(\.line) == [2], "\(line)")
        }
        let allowed = [
            "import HFWatcherCore", "import HFCommandLine", "import HFNetworkingExtras", "// import HFStore",
            "let imported = HFStore", "/// `import HFHome` is not allowed here", "import HFBundles",
        ]
        for line in allowed { #expect(Self.forbiddenImports(in: line).isEmpty, "\(line)") }
    }

    @Test func thePackageGivesTheWatcherNoForbiddenDependency() throws {
        let manifest = try String(
            contentsOf: Vectors.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = try #require(
            manifest.range(of: #"\.executableTarget\(\s*name: "hf-watcher","#, options: .regularExpression))
        let rest = manifest[target.upperBound...]
        let start = try #require(rest.range(of: "dependencies: ["))
        let end = try #require(rest[start.upperBound...].firstIndex(of: "]"))
        let dependencies = rest[start.upperBound..<end]
        #expect(dependencies.contains("\"HFWatcherCore\""), "sanity: the hf-watcher target's dependencies are found")
        for module in Self.forbiddenModules {
            #expect(!dependencies.contains("\"\(module)\""), "Package.swift gives hf-watcher a dependency on \(module)")
        }
    }
}
