#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Creates output files that must not exist yet (`keys generate-mnemonic --out FILE`, exported bundles).
public enum OutputFile {
    /// Creates `path` with `contents` and permissions `mode` (default 0600), failing if anything is already there.
    ///
    /// The file is opened with `O_CREAT | O_EXCL | O_NOFOLLOW` (so an existing file or symlink is never touched),
    /// its mode is set explicitly (the umask cannot widen or narrow it), the bytes are written and `fsync`ed, and the
    /// directory is synced. If writing fails, the partial file is removed.
    /// - Throws: ``CommandError``: 73 when the file exists or cannot be created; 74 when writing or syncing fails.
    public static func createNew(_ path: String, contents: [UInt8], mode: mode_t = 0o600) throws(CommandError) {
        let fd = Syscalls.openFile(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard fd >= 0 else {
            let code = Syscalls.lastError
            if code == EEXIST {
                throw .cannotCreate("'\(path)' already exists; choose another path or move the old file away")
            }
            throw .cannotCreate("cannot create '\(path)': \(Syscalls.describe(code))")
        }
        var failure: Int32 = 0
        if fchmod(fd, mode) != 0 { failure = Syscalls.lastError }
        if failure == 0 { failure = Syscalls.writeAll(fd, contents) }
        if failure == 0, fsync(fd) != 0 { failure = Syscalls.lastError }
        if close(fd) != 0, failure == 0 { failure = Syscalls.lastError }
        guard failure == 0 else {
            _ = unlink(path)
            throw .ioError("cannot write '\(path)': \(Syscalls.describe(failure))")
        }
        syncDirectory(containing: path)
    }

    /// Creates `path` with the UTF-8 of `text`; see ``createNew(_:contents:mode:)``.
    public static func createNew(_ path: String, text: String, mode: mode_t = 0o600) throws(CommandError) {
        try createNew(path, contents: Array(text.utf8), mode: mode)
    }

    /// Makes the new directory entry durable (best effort: some file systems refuse `fsync` on directories).
    private static func syncDirectory(containing path: String) {
        let directory: String
        if let slash = path.lastIndex(of: "/") {
            directory = slash == path.startIndex ? "/" : String(path[..<slash])
        } else {
            directory = "."
        }
        let fd = Syscalls.openFile(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        Syscalls.closeFile(fd)
    }
}
