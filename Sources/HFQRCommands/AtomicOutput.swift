import Foundation
import HFCommandLine
#if canImport(Glibc)
    import Glibc
#endif

/// Writes a decoded bundle so that `--out` either does not exist or holds the complete file, never a part of it,
/// and an existing file is never replaced.
enum AtomicOutput {
    /// Creates `path` with `contents` (mode 0644): the bytes go to a hidden temporary file beside it (created
    /// exclusively, written, `fsync`ed), which is then hard-linked to `path` (the link fails if anything is there)
    /// and removed. On file systems without hard links the temporary file is renamed instead, after checking again
    /// that nothing is at `path`.
    /// - Throws: `CommandError` 73 when `path` exists or cannot be created, 74 when writing fails.
    static func createNew(_ path: String, contents: [UInt8], mode: mode_t = 0o644) throws(CommandError) {
        let taken = CommandError.cannotCreate("'\(path)' already exists; choose another path or move the old file away")
        if exists(path) { throw taken }
        // Split by hand: Foundation's path helpers trap on some relative paths on Linux.
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let suffix = String(UInt64(DispatchTime.now().uptimeNanoseconds), radix: 36)
        let temporary = directory + ".\(name).qr-\(getpid())-\(suffix)"
        try OutputFile.createNew(temporary, contents: contents, mode: mode)
        defer { _ = unlink(temporary) }
        guard link(temporary, path) != 0 else { return }
        let code = errno
        if code == EEXIST { throw taken }
        guard [EPERM, ENOTSUP, EXDEV, EMLINK].contains(code), !exists(path), rename(temporary, path) == 0 else {
            throw .cannotCreate("cannot create '\(path)': \(String(cString: strerror(code)))")
        }
    }

    /// Whether anything (a file, a directory, a dangling symbolic link) is at `path`.
    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }
}
