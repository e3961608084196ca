import Foundation
import HFBundles

/// Reading a bundle file: bounded by the 64 MiB bundle limit before anything is parsed.
public enum BundleFile {
    /// The bytes of the file at `path`.
    ///
    /// - Throws: `SignerError.unreadable` for a missing or unreadable file, `.rejected` for one over the limit.
    public static func read(_ path: String) throws(SignerError) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(path: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
        }
        defer { try? handle.close() }
        do {
            let data = try handle.read(upToCount: BundleLimits.maxBundleBytes + 1) ?? Data()
            guard data.count <= BundleLimits.maxBundleBytes else {
                throw SignerError.rejected(reason: "'\(path)' is larger than the 64 MiB bundle limit")
            }
            return [UInt8](data)
        } catch let error as SignerError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: "\(error)")
        }
    }
}
