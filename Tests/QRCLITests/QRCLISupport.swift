import Foundation
import HFQR
import HFTestSupport
import QRFixtures
import Testing

/// The two programs, run as a user would.
var signer: BuiltTool { BuiltTool("hf-signer") }
var watcher: BuiltTool { BuiltTool("hf-watcher") }

/// A temporary directory with helpers for bundle files and frame directories.
final class Workspace {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// The path of `name` (not created).
    func path(_ name: String) -> String { directory.path(name) }

    /// Writes `bytes` to `name` and returns the path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The bytes of a file, or nil when it does not exist.
    func read(_ name: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path(name)).map { [UInt8]($0) }
    }

    /// Whether anything is at `name`.
    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }

    /// The files of a directory, sorted, as full paths.
    func files(in name: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path(name)).sorted().map { path(name) + "/" + $0 }
    }

    /// Writes `bytes` to `file` and encodes it with `tool` into the new directory `dir`; returns the frame paths.
    func encode(
        _ bytes: [UInt8], file: String, into dir: String, tool: BuiltTool = BuiltTool("hf-signer"),
        _ extra: [String] = []
    ) throws -> [String]
    {
        try write(file, bytes)
        let result = try tool.run(["qr", "encode", path(file), "--out-dir", path(dir)] + extra + noHome)
        #expect(result.exitCode == 0, "\(result.stderr)")
        return try files(in: dir)
    }

    /// A `--home` that must stay absent: the `qr` commands need no home.
    var noHome: [String] { ["--home", path("no-home")] }
}

/// Parses one JSON object printed on stdout.
func jsonObject(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

/// An installed external tool, or nil (a failure when `HF_REQUIRE_VECTORS=1`).
func externalTool(_ path: String) throws -> String? {
    if FileManager.default.isExecutableFile(atPath: path) { return path }
    if Vectors.required { throw ToolMissing(path: path) }
    return nil
}

/// An external tool that is required but missing.
struct ToolMissing: Error, CustomStringConvertible {
    let path: String
    var description: String { "\(path) is not installed (apt-get install -y zbar-tools qrencode)" }
}
