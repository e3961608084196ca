import Foundation

/// Reading a whole file with a size bound checked before the excess is read.
enum BoundedFile {
    /// The bytes of the file at `path`, at most `limit` of them.
    ///
    /// - Parameter tooLarge: the reason given when the file holds more than `limit` bytes.
    /// - Throws: `SignerError.unreadable` for a missing or unreadable file, `.rejected(reason: tooLarge)` for one over
    ///   the limit.
    static func read(_ path: String, limit: Int, tooLarge: @autoclosure () -> String) throws(SignerError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .unreadable(path: path, reason: "it is a directory; name the files in it (for example '\(path)/*')")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(
                path: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw .unreadable(path: path, reason: "reading it failed")
        }
        guard data.count <= limit else { throw .rejected(reason: tooLarge()) }
        return [UInt8](data)
    }
}
