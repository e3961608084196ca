public import HFCrypto

import HFSystem

/// A vault with one file per id (`<root>/<id>`, mode 0600) in a private root directory (0700). The counterpart of the SDK's
/// `FileMobileNodeKeyshareVault` (docs/requirements/vaults.md). Items are stored unencrypted: only the file permissions protect them.
///
/// Writes are atomic (a temporary file, `fsync`, rename, directory `fsync`), so after a crash an item holds its old
/// bytes or its new ones. Reads refuse a file that is a link, not owned by the user or open to group or others; every
/// operation first re-checks the root. Names that are not valid ids (including temporary files) are never listed.
public final class FileKeyshareVault: KeyshareVault {
    /// The root directory.
    public let root: String

    /// The vault in `root`, creating the directory (0700) if missing.
    ///
    /// - Throws: `VaultError.unsafeLocation` when the root is not private; `.file` when it cannot be created.
    public init(root: String) throws(VaultError) {
        self.root = root
        try VaultRoot.prepare(root)
        VaultRoot.removeStaleTemporaries(in: root, owned: VaultID.isValid)
    }

    public func write(id: String, data: SecureBytes) throws(VaultError) {
        let path = try itemPath(id)
        do {
            try data.withUnsafeBytes { (bytes) throws(Errno) in
                try FileWriter.replaceAtomically(path, contents: bytes, permissions: 0o600)
            }
        } catch {
            throw .file(FileSystemError(error))
        }
    }

    public func read(id: String) throws(VaultError) -> SecureBytes {
        let path = try itemPath(id)
        do { return try SecretFile.read(path) } catch { throw VaultRoot.map(error, id: id) }
    }

    public func delete(id: String) throws(VaultError) {
        let path = try itemPath(id)
        do { try FileSystem.remove(path) } catch {
            if error.code == Errno.noSuchFileOrDirectory { return }
            throw .file(FileSystemError(.remove, path: path, error))
        }
        do { try FileSync.directory(root) } catch { throw .file(error) }
    }

    public func ids() throws(VaultError) -> [String] {
        try VaultRoot.check(root)
        do { return try FileSystem.directoryEntries(root).filter(VaultID.isValid).sorted() } catch {
            throw .file(FileSystemError(.open, path: root, error))
        }
    }

    /// The ids stored under `root`, without creating anything: empty when `root` does not exist.
    public static func storedIDs(root: String) throws(VaultError) -> [String] {
        guard VaultRoot.exists(root) else { return [] }
        return try FileKeyshareVault(root: root).ids()
    }

    /// Validates `id`, re-checks the root, and returns the item's path.
    private func itemPath(_ id: String) throws(VaultError) -> String {
        try VaultID.validate(id)
        try VaultRoot.check(root)
        return VaultRoot.path(root, id)
    }
}
