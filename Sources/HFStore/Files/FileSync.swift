#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `fsync` helpers: make a file's contents, or a directory's entries, durable.
///
/// A new or renamed file survives a power cut only when both the file *and the directory holding its name* have
/// been synced; ``AtomicFile`` and ``HeaderFileStore`` do both.
public enum FileSync {
    /// Flushes the file at `path` (contents and metadata) to stable storage.
    ///
    /// - Throws: ``FileSystemError`` when the file cannot be opened or the disk refuses the flush.
    public static func file(_ path: String) throws(FileSystemError) {
        let fd: Int32
        switch Posix.openFile(path, O_RDONLY | O_NOFOLLOW) {
        case .success(let opened): fd = opened
        case .failure(let error): throw FileSystemError(.open, path: path, error)
        }
        defer { Posix.closeFile(fd) }
        if let error = Posix.sync(fd) { throw FileSystemError(.sync, path: path, error) }
    }

    /// Flushes the directory at `path`, so that names created, renamed or removed in it are durable.
    ///
    /// File systems that cannot sync a directory (`EINVAL`) are accepted silently: nothing more can be done there.
    /// - Throws: ``FileSystemError`` when the directory cannot be opened or the disk refuses the flush.
    public static func directory(_ path: String) throws(FileSystemError) {
        let fd: Int32
        switch Posix.openFile(path, O_RDONLY | O_DIRECTORY) {
        case .success(let opened): fd = opened
        case .failure(let error): throw FileSystemError(.open, path: path, error)
        }
        defer { Posix.closeFile(fd) }
        if let error = Posix.sync(fd), error.code != EINVAL {
            throw FileSystemError(.sync, path: path, error)
        }
    }

    /// Flushes the directory that holds `path` (see ``directory(_:)``).
    public static func directory(containing path: String) throws(FileSystemError) {
        try directory(parentDirectory(of: path))
    }

    /// The directory part of `path`: `"a/b"` → `"a"`, `"/b"` → `"/"`, `"b"` → `"."`.
    static func parentDirectory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }
}
