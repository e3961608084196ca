import Foundation
import HFSystem

/// A temporary directory, removed with everything in it when released.
final class Scratch {
    let directory: String

    init() throws {
        directory = try FileSystem.makeTemporaryDirectory(prefix: "/tmp/hf-bench-")
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// `name` inside the directory.
    func path(_ name: String) -> String { directory + "/" + name }
}
