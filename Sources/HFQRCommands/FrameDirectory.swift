import Foundation
import HFCommandLine

/// The `--out-dir` of `qr encode`: one directory per animation, frames named `0001.png`, `0002.png`, ….
enum FrameDirectory {
    /// The file name of 0-based part `index`: 1-based, four digits (BBQr has at most 1295 parts).
    static func name(ofPart index: Int) -> String {
        let number = String(index + 1)
        return String(repeating: "0", count: max(0, 4 - number.count)) + number + ".png"
    }

    /// Makes sure `path` is an empty directory, creating it (mode 0755) when missing.
    /// - Throws: `CommandError` 73 when it is a file, is not empty, or cannot be created.
    static func prepare(_ path: String) throws(CommandError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .cannotCreate("'\(path)' exists and is not a directory") }
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? ["?"]
            guard entries.isEmpty else {
                throw .cannotCreate("'\(path)' is not empty; frames of two bundles must not share a directory, "
                    + "so choose a new or empty one")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        } catch {
            throw .cannotCreate("cannot create the directory '\(path)': \(error.localizedDescription)")
        }
    }

    /// Makes sure `path` is a directory (it may hold files already), creating it (mode 0755) when missing: where
    /// `qr decode --out-dir` writes bundles.
    /// - Throws: `CommandError` 73 when it is a file or cannot be created.
    static func ensure(_ path: String) throws(CommandError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .cannotCreate("'\(path)' exists and is not a directory") }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        } catch {
            throw .cannotCreate("cannot create the directory '\(path)': \(error.localizedDescription)")
        }
    }
}
