import Foundation
import HFTestSupport

/// Decodes test hex (trusted data; traps on malformed input). Independent of the code under test.
func hex(_ string: String) -> [UInt8] { TestHex.decode(string) }

/// Encodes bytes as lower-case hex, independently of the code under test.
func hex(_ bytes: [UInt8]) -> String { TestHex.encode(bytes) }

/// The UTF-8 bytes of a string.
func utf8(_ string: String) -> [UInt8] { Array(string.utf8) }

/// Whether an external tool is on the PATH; with `HF_REQUIRE_VECTORS=1` a missing tool is an error instead.
func externalTool(_ name: String) throws -> URL? {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let url = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    if Vectors.required { throw ToolMissing(name: name) }
    print("skipping: \(name) is not installed (apt-get install -y zbar-tools qrencode)")
    return nil
}

/// An external tool that is required but missing.
struct ToolMissing: Error, CustomStringConvertible {
    let name: String
    var description: String { "\(name) is not installed (apt-get install -y zbar-tools qrencode)" }
}

/// Runs a tool to completion and returns its exit status and stdout bytes.
func run(_ tool: URL, _ arguments: [String], stdin: [UInt8] = []) throws -> (status: Int32, stdout: [UInt8]) {
    let result = try Subprocess(path: tool.path, arguments: arguments, stdin: stdin).finishBytes()
    return (result.status, result.stdout)
}
