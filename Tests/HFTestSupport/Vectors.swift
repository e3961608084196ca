public import Foundation

/// Access to the test vectors in `Tests/Vectors/` (provenance: `Tests/Vectors/SOURCES.md`), read at test time.
///
/// The directory is `$HF_VECTORS` if set, else `Tests/Vectors` in this repository. With
/// `HF_REQUIRE_VECTORS=1` (as in CI) a missing file is an error; otherwise a test may skip.
public enum Vectors {
    /// An error for a vector file that is required but missing or unreadable.
    public struct Missing: Error, CustomStringConvertible {
        /// The path that was looked for.
        public let path: String
        /// Says which file is missing and how to provide it.
        public var description: String { "test vector file missing: \(path) (set HF_VECTORS or restore Tests/Vectors)" }
    }

    /// The vectors directory.
    public static var directory: URL {
        if let env = ProcessInfo.processInfo.environment["HF_VECTORS"], !env.isEmpty {
            return URL(fileURLWithPath: env, isDirectory: true)
        }
        return repositoryRoot.appendingPathComponent("Tests/Vectors", isDirectory: true)
    }

    /// The root of this repository (found from this source file's path).
    public static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// Whether missing vectors must fail rather than skip.
    public static var required: Bool { ProcessInfo.processInfo.environment["HF_REQUIRE_VECTORS"] == "1" }

    /// The bytes of a vector file such as `"bip39/trezor.vectors.json"`.
    ///
    /// - Returns: nil when the file is missing and vectors are not required (the test should then return early).
    /// - Throws: `Missing` when the file is missing and `HF_REQUIRE_VECTORS=1`.
    public static func data(_ relativePath: String) throws -> Data? {
        let url = directory.appendingPathComponent(relativePath)
        guard let data = try? Data(contentsOf: url) else {
            if required { throw Missing(path: url.path) }
            return nil
        }
        return data
    }

    /// A vector file parsed as JSON (`[String: Any]`, `[Any]` …), or nil as for `data(_:)`.
    public static func json(_ relativePath: String) throws -> Any? {
        guard let data = try data(relativePath) else { return nil }
        return try JSONSerialization.jsonObject(with: data)
    }
}

/// Hex helpers for tests that must not depend on the code under test.
public enum TestHex {
    /// Decodes lower- or upper-case hex; traps on malformed input (test data is trusted).
    public static func decode(_ hex: String) -> [UInt8] {
        let chars = Array(hex.utf8)
        precondition(chars.count % 2 == 0, "odd-length hex in test data")
        return stride(from: 0, to: chars.count, by: 2).map { i in
            UInt8(String(decoding: chars[i..<i + 2], as: UTF8.self), radix: 16)!
        }
    }

    /// Encodes bytes as lower-case hex.
    public static func encode(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
