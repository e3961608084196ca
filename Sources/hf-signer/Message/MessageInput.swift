import Foundation
import HFCommandLine

/// The message a `message` command works on: a file, or stdin for `-` or no argument, at most 16 MiB.
enum MessageInput {
    /// The largest message read.
    static let maximumLength = 16 * 1024 * 1024

    /// The positional help shared by the `message` commands.
    static let help = ArgumentHelp("file", help: "The message file; '-' or nothing reads stdin.", optional: true)

    /// The bytes of `path`, or of stdin when `path` is nil or `-`.
    ///
    /// - Throws: `CommandError` 66 for a missing file, 65 for one over the limit, 74 for a read error.
    static func read(_ path: String?) throws(CommandError) -> [UInt8] {
        let handle: FileHandle
        let name: String
        if let path, path != "-" {
            guard let file = FileHandle(forReadingAtPath: path) else {
                throw .noInput("cannot read '\(path)': \(FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")")
            }
            handle = file
            name = "'\(path)'"
        } else {
            handle = FileHandle.standardInput
            name = "stdin"
        }
        defer { if path != nil, path != "-" { try? handle.close() } }
        let data: Data
        do { data = try handle.read(upToCount: maximumLength + 1) ?? Data() } catch {
            throw .ioError("reading \(name) failed: \(error)")
        }
        guard data.count <= maximumLength else { throw .dataError("\(name) is larger than the 16 MiB message limit") }
        return [UInt8](data)
    }

    /// Text input with surrounding ASCII whitespace (a final newline, spaces) removed, for base64 and hex forms.
    static func trimmedText(_ bytes: [UInt8]) -> String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x0a || $0 == 0x0d || $0 == 0x09 }
        let trimmed = bytes.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
        return String(decoding: Array(trimmed), as: UTF8.self)
    }
}
