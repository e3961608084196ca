public import Foundation

/// Runs one of the package's built executables, as a user would, and captures what it did.
public struct BuiltTool {
    /// The outcome of one run.
    public struct Result: Sendable {
        /// The process exit status.
        public let exitCode: Int32
        /// Everything written to stdout, as UTF-8.
        public let stdout: String
        /// Everything written to stderr, as UTF-8.
        public let stderr: String
    }

    /// The executable's name, e.g. `hf-signer`.
    public let name: String

    /// A tool in the build products directory.
    public init(_ name: String) { self.name = name }

    /// The directory holding the built products: `$HF_BIN_DIR`, else the directory of the running test bundle.
    public static var productsDirectory: URL {
        if let dir = ProcessInfo.processInfo.environment["HF_BIN_DIR"], !dir.isEmpty {
            return URL(fileURLWithPath: dir, isDirectory: true)
        }
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        // `swift test` runs `<products>/<package>PackageTests.xctest`; climb out of any bundle directory.
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            if !url.lastPathComponent.hasSuffix(".xctest") { break }
        }
        return url
    }

    /// The executable's path.
    public var url: URL { Self.productsDirectory.appendingPathComponent(name) }

    /// Runs the tool with `arguments`, optional stdin bytes and extra environment, waiting for it to exit.
    public func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> Result {
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { _, new in new }
        let child = try Subprocess(path: url.path, arguments: arguments, environment: env, stdin: Array((stdin ?? "").utf8))
        let (status, stdout, stderr) = child.finish()
        return Result(exitCode: status, stdout: stdout, stderr: stderr)
    }

    /// Runs the tool through `/bin/sh` after the shell command `prelude` (a `umask`, a `ulimit`), waiting for it.
    public func run(after prelude: String, _ arguments: [String]) throws -> Result {
        let child = try Subprocess(path: "/bin/sh", arguments: ["-c", prelude + "; exec \"$0\" \"$@\"", url.path] + arguments)
        let (status, stdout, stderr) = child.finish()
        return Result(exitCode: status, stdout: stdout, stderr: stderr)
    }

    /// Starts the tool without waiting (for tests that signal or kill it), with optional extra environment.
    public func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Subprocess {
        guard !environment.isEmpty else { return try Subprocess(path: url.path, arguments: arguments) }
        return try Subprocess(
            path: url.path, arguments: arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { _, new in new })
    }
}

/// A temporary directory removed when the value is released.
public final class TemporaryDirectory {
    /// The directory (mode 0700).
    public let url: URL

    /// Creates a fresh private directory under the system temporary directory.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("hf-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to `name` in the directory with the given mode and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String, mode: Int = 0o600) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
        return file.path
    }

    /// The path of `name` inside the directory (not created).
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
