import HFStore
import HFSystem

/// Files that describe committed state (a `.hftx`, an address pack, a wallet file): commit first, then write
/// (docs/design.md §2). ``refuseExisting(_:)`` runs before the commit, so a taken `--out` keeps nothing; ``write(_:to:mode:)``
/// runs after it and makes the whole file appear at once (a synced temporary file linked into place), never a
/// 0-byte or partial file.
enum CommittedFile {
    /// Refuses `out` when anything is there, before anything is committed.
    static func refuseExisting(_ out: String) throws(SignerError) {
        guard !FileSystem.exists(out) else {
            throw .cannotCreate(reason: "'\(out)' already exists; choose another path or move the old file away; "
                + "nothing was kept")
        }
    }

    /// Creates `out` with `bytes` after the commit; `recovery` says how to write it again if this fails.
    static func write(_ bytes: [UInt8], to out: String, mode: Int, recovery: String) throws(SignerError) {
        do {
            try FileWriter.createNew(out, contents: bytes, permissions: FilePermissions(rawValue: UInt32(mode)))
        } catch {
            let why = error.code == Errno.fileExists ? "'\(out)' already exists" : FileSystemError(error).description
            throw .cannotCreate(reason: "\(why); \(recovery)")
        }
    }
}
