import HFSystem

/// `fsync` helpers: make a file's contents, or a directory's entries, durable.
///
/// A new or renamed file survives a power cut only when both the file *and the directory holding its name* have
/// been synced; HFSystem's `FileWriter` and ``HeaderFileStore`` do both.
public enum FileSync {
    /// Flushes the file at `path` (contents and metadata) to stable storage.
    ///
    /// - Throws: ``FileSystemError`` when the file cannot be opened or the disk refuses the flush.
    public static func file(_ path: String) throws(FileSystemError) {
        let fd: FileDescriptor
        do { fd = try FileDescriptor.open(path, .readOnly, options: [.noFollow]) } catch {
            throw FileSystemError(.open, path: path, error)
        }
        defer { fd.closeIgnoringErrors() }
        do { try fd.sync() } catch { throw FileSystemError(.sync, path: path, error) }
    }

    /// Flushes the directory at `path`, so that names created, renamed or removed in it are durable.
    ///
    /// File systems that cannot sync a directory (`EINVAL`) are accepted silently: nothing more can be done there.
    /// - Throws: ``FileSystemError`` when the directory cannot be opened or the disk refuses the flush.
    public static func directory(_ path: String) throws(FileSystemError) {
        do { try FileSystem.syncDirectory(path) } catch {
            throw FileSystemError(error.call == .open ? .open : .sync, path: path, error)
        }
    }

    /// Flushes the directory that holds `path` (see ``directory(_:)``).
    public static func directory(containing path: String) throws(FileSystemError) {
        try directory(parentDirectory(of: path))
    }

    /// The directory part of `path`: `"a/b"` → `"a"`, `"/b"` → `"/"`, `"b"` → `"."`.
    static func parentDirectory(of path: String) -> String { FileSystem.parentDirectory(of: path) }
}
