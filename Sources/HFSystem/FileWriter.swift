/// The two ways the package writes a whole file: create a new one, or replace one atomically.
///
/// Both write the bytes to a temporary file in the destination's directory (`.<name>.tmp-<pid>-<random>`, created
/// with `O_CREAT | O_EXCL | O_NOFOLLOW`, its mode set exactly whatever the umask), `fsync` it, put it in place in
/// one step and `fsync` the directory. So the destination never holds a partial or empty file, not even after a
/// crash (at worst a hidden temporary file is left beside it), and on any failure the temporary file is removed.
/// Errors name the destination path and the call that failed.
public enum FileWriter {
    /// Creates `path` with `contents`, never replacing anything that is there (a file, a directory, a link).
    ///
    /// The complete temporary file is hard-linked to `path` (`link(2)` fails with `EEXIST` if anything is there)
    /// and its temporary name removed. On a file system without hard links (FAT, some network file systems) the
    /// bytes are written to `path` itself, opened with `O_CREAT | O_EXCL | O_NOFOLLOW`: still never a replacement,
    /// and a failed write removes the partial file, but a crash part-way can leave one there.
    /// - Throws: ``Errno``: `EEXIST` (call `lstat`, `link` or `open`) when something is at `path`; `open`, `link` when
    ///   the file cannot be created; `fchmod`, `write`, `fsync` when writing fails (then nothing is at `path`). Only
    ///   a failure to sync the directory (naming the directory) comes after the complete file is in place.
    public static func createNew(
        _ path: String, contents: UnsafeRawBufferPointer, permissions: FilePermissions
    ) throws(Errno) {
        if FileSystem.exists(path) { throw Errno(code: Errno.fileExists, call: .lstat, path: path) }
        let temporary = try writeTemporary(
            beside: path, contents: contents, permissions: permissions, writer: plainWriter)
        do throws(Errno) {
            try FileSystem.link(temporary, to: path)
            FileSystem.removeIfPresent(temporary)
        } catch {
            FileSystem.removeIfPresent(temporary)
            guard Errno.linkUnsupported.contains(error.code) else { throw error.reported(at: path) }
            try writeExclusively(path, contents: contents, permissions: permissions, writer: plainWriter)
        }
        try FileSystem.syncDirectory(containing: path)
    }

    /// Creates `path` with `contents`; see ``createNew(_:contents:permissions:)-(_,UnsafeRawBufferPointer,_)``.
    public static func createNew(_ path: String, contents: [UInt8], permissions: FilePermissions) throws(Errno) {
        let outcome = contents.withUnsafeBytes { buffer in
            Result { () throws(Errno) in try createNew(path, contents: buffer, permissions: permissions) }
        }
        try outcome.get()
    }

    /// Creates or replaces `path` with `contents` atomically: afterwards (and after a crash at any moment) `path`
    /// holds its old contents or the new ones, never a mix, a part or nothing.
    ///
    /// A symbolic link at `path` is replaced by the file, never followed.
    /// - Throws: ``Errno``: `open` when the temporary file cannot be created (a missing or read-only directory);
    ///   `fchmod`, `write`, `fsync` when writing fails; `rename` when it cannot be put in place. In every case
    ///   `path` is untouched and no temporary file is left.
    public static func replaceAtomically(
        _ path: String, contents: UnsafeRawBufferPointer, permissions: FilePermissions
    ) throws(Errno) {
        try replaceAtomically(path, contents: contents, permissions: permissions, writer: plainWriter)
    }

    /// Creates or replaces `path` with `contents`; see
    /// ``replaceAtomically(_:contents:permissions:)-(_,UnsafeRawBufferPointer,_)``.
    public static func replaceAtomically(
        _ path: String, contents: [UInt8], permissions: FilePermissions
    ) throws(Errno) {
        let outcome = contents.withUnsafeBytes { buffer in
            Result { () throws(Errno) in try replaceAtomically(path, contents: buffer, permissions: permissions) }
        }
        try outcome.get()
    }

    // MARK: - Steps

    /// How the bytes reach the temporary file: ``FileDescriptor/writeAll(_:)-(UnsafeRawBufferPointer)``, or a failing
    /// fake in tests (a full disk cannot be produced on demand).
    typealias Writer = @Sendable (FileDescriptor, UnsafeRawBufferPointer) throws(Errno) -> Void

    /// The real write loop.
    static let plainWriter: Writer = { (fd, bytes) throws(Errno) in try fd.writeAll(bytes) }

    /// ``replaceAtomically(_:contents:permissions:)-(_,UnsafeRawBufferPointer,_)`` with the byte writer replaceable.
    static func replaceAtomically(
        _ path: String, contents: UnsafeRawBufferPointer, permissions: FilePermissions, writer: Writer
    ) throws(Errno) {
        let temporary = try writeTemporary(beside: path, contents: contents, permissions: permissions, writer: writer)
        do throws(Errno) { try FileSystem.rename(temporary, to: path) } catch {
            FileSystem.removeIfPresent(temporary)
            throw error
        }
        try FileSystem.syncDirectory(containing: path)
    }

    /// Writes `contents` to a new temporary file beside `path` and returns its name.
    static func writeTemporary(
        beside path: String, contents: UnsafeRawBufferPointer, permissions: FilePermissions, writer: Writer
    ) throws(Errno) -> String {
        let directory = FileSystem.parentDirectory(of: path)
        let name = FileSystem.lastComponent(of: path)
        var attempt = 0
        while true {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let temporary = "\(directory)/.\(name).tmp-\(CurrentProcess.id)-\(suffix)"
            do throws(Errno) {
                try writeExclusively(temporary, contents: contents, permissions: permissions, writer: writer)
                return temporary
            } catch let error where error.call == .open && error.code == Errno.fileExists && attempt < 8 {
                attempt += 1
            } catch {
                throw error.reported(at: path)
            }
        }
    }

    /// Creates `path` (`O_CREAT | O_EXCL | O_NOFOLLOW`), sets its mode exactly, writes `contents` and `fsync`s it;
    /// on a failure after creating it, removes it.
    static func writeExclusively(
        _ path: String, contents: UnsafeRawBufferPointer, permissions: FilePermissions, writer: Writer
    ) throws(Errno) {
        let fd = try FileDescriptor.open(
            path, .writeOnly, options: [.create, .exclusiveCreate, .noFollow], permissions: permissions)
        do throws(Errno) {
            try fd.setPermissions(permissions)
            try writer(fd, contents)
            try fd.sync()
        } catch {
            fd.closeIgnoringErrors()
            FileSystem.removeIfPresent(path)
            throw error
        }
        do throws(Errno) { try fd.close() } catch {
            FileSystem.removeIfPresent(path)
            throw error
        }
    }
}
