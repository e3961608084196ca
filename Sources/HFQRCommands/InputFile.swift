import Foundation
public import HFCommandLine
import HFSystem

/// Reading the input files and stdin of the `qr` commands, with a size limit.
public enum InputFile {
    /// The bytes of a regular file.
    /// - Throws: `CommandError` 66 when it is missing, not a regular file or unreadable; 65 when larger than `limit`.
    public static func read(_ path: String, limit: Int) throws(CommandError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .noInput("'\(path)' does not exist")
        }
        guard !isDirectory.boolValue else { throw .noInput("'\(path)' is a directory, not a file") }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= limit else { throw .dataError("'\(path)' is larger than \(limit) bytes") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .noInput("cannot read '\(path)'")
        }
        return [UInt8](data)
    }

    /// Everything on stdin, up to `limit` bytes.
    /// - Throws: `CommandError` 74 when reading fails, 65 when there is more than `limit`.
    public static func readStandardInput(limit: Int) throws(CommandError) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let read = buffer.withUnsafeMutableBytes { buffer in
                Result { () throws(Errno) in try FileDescriptor.standardInput.read(into: buffer) }
            }
            let count: Int
            do { count = try read.get() } catch { throw .ioError("cannot read stdin: \(error.message)") }
            if count == 0 { return result }
            result += buffer[0..<count]
            guard result.count <= limit else { throw .dataError("stdin holds more than \(limit) bytes") }
        }
    }
}
