import HFSystem

/// Creates output files that must not exist yet (`keys generate-mnemonic --out FILE`, exported bundles).
public enum OutputFile {
    /// Creates `path` with `contents` and permissions `mode` (default 0600), failing if anything is already there.
    ///
    /// Written by HFSystem's `FileWriter.createNew`: the bytes go to a temporary file beside `path` (mode set
    /// exactly, whatever the umask), which is `fsync`ed and then linked into place, so an existing file or symbolic
    /// link is never touched and `path` never holds a partial file; the directory is synced.
    /// - Throws: ``CommandError``: 73 when the file exists or cannot be created; 74 when writing or syncing fails.
    public static func createNew(_ path: String, contents: [UInt8], mode: UInt32 = 0o600) throws(CommandError) {
        do {
            try FileWriter.createNew(path, contents: contents, permissions: FilePermissions(rawValue: mode))
        } catch {
            if error.code == Errno.fileExists {
                throw .cannotCreate("'\(path)' already exists; choose another path or move the old file away")
            }
            switch error.call {
            case .open, .link: throw .cannotCreate("cannot create '\(path)': \(error.message)")
            default: throw .ioError("cannot write '\(path)': \(error.message)")
            }
        }
    }

    /// Creates `path` with the UTF-8 of `text`; see ``createNew(_:contents:mode:)``.
    public static func createNew(_ path: String, text: String, mode: UInt32 = 0o600) throws(CommandError) {
        try createNew(path, contents: Array(text.utf8), mode: mode)
    }
}
