import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A temporary directory, removed with everything in it when released.
final class Scratch {
    let directory: String

    init() throws {
        var template = Array("/tmp/hf-bench-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw BenchHomeError.setup("mkdtemp failed") }
        directory = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// `name` inside the directory.
    func path(_ name: String) -> String { directory + "/" + name }
}
