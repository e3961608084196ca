public import HFCrypto
import HFSystem

/// A vault keeping every item in one file (`<root>/<name>`, mode 0600) in a private root directory (0700). Seed
/// 003's `SingleFileMobileNodeKeyshareVault`. Items are stored unencrypted: only the file permissions protect them.
///
/// Every change rewrites the whole file atomically (`FileWriter`), so after a crash the file is the old set or the
/// new one. A missing file is an empty vault; a damaged one (bad magic, checksum, order, trailing bytes) is refused
/// with ``VaultError/corrupted(path:reason:)`` and never overwritten. The format is ``SingleFileFormat``.
public final class SingleFileKeyshareVault: KeyshareVault {
    /// The default file name.
    public static let defaultName = "keyshares.vault"
    /// The largest file accepted, in bytes.
    public static let maximumFileSize = 16 << 20

    /// The directory holding the file.
    public let root: String
    /// The file's path.
    public let path: String

    /// The vault file `name` in `root`, creating the directory (0700) if missing. The file itself appears at the
    /// first write.
    ///
    /// - Throws: `VaultError.unsafeLocation` when the root is not private; `.file` when it cannot be created.
    public init(root: String, name: String = defaultName) throws(VaultError) {
        precondition(!name.isEmpty && !name.contains("/") && !name.hasPrefix("."), "SingleFileKeyshareVault: bad name")
        self.root = root
        path = VaultRoot.path(root, name)
        try VaultRoot.prepare(root)
        VaultRoot.removeStaleTemporaries(in: root) { $0 == name }
    }

    public func write(id: String, data: SecureBytes) throws(VaultError) {
        try VaultID.validate(id)
        var entries = try load().filter { $0.id != id }
        entries.append((id, data))
        try save(entries)
    }

    public func read(id: String) throws(VaultError) -> SecureBytes {
        try VaultID.validate(id)
        guard let entry = try load().first(where: { $0.id == id }) else { throw .missing(id: id) }
        return entry.data
    }

    public func delete(id: String) throws(VaultError) {
        try VaultID.validate(id)
        let entries = try load()
        guard entries.contains(where: { $0.id == id }) else { return }
        try save(entries.filter { $0.id != id })
    }

    public func ids() throws(VaultError) -> [String] { try load().map(\.id) }

    /// The ids stored in the file `name` of `root`, without creating anything: empty when it does not exist.
    public static func storedIDs(root: String, name: String = defaultName) throws(VaultError) -> [String] {
        guard VaultRoot.exists(VaultRoot.path(root, name)) else { return [] }
        return try SingleFileKeyshareVault(root: root, name: name).ids()
    }

    /// Every entry, after checking the root and the file.
    private func load() throws(VaultError) -> [(id: String, data: SecureBytes)] {
        try VaultRoot.check(root)
        let file: SecureBytes
        do { file = try SecretFile.read(path, maximumSize: Self.maximumFileSize) } catch {
            if case .missing = error { return [] }
            throw VaultRoot.map(error, id: path)
        }
        var bytes = file.bytes
        defer { Zeroization.zeroize(&bytes) }
        do { return try SingleFileFormat.decode(bytes) } catch { throw .corrupted(path: path, reason: error.reason) }
    }

    private func save(_ entries: [(id: String, data: SecureBytes)]) throws(VaultError) {
        var bytes = SingleFileFormat.encode(entries)
        let contents = SecureBytes(consuming: &bytes)
        do {
            try contents.withUnsafeBytes { (bytes) throws(Errno) in
                try FileWriter.replaceAtomically(path, contents: bytes, permissions: 0o600)
            }
        } catch {
            throw .file(FileSystemError(error))
        }
    }
}
