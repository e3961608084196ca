import HFSystem

/// The private directory a file-backed vault keeps its items in: owned by the user, no group or other access
/// (0700), a real directory (not a link). Created 0700 (with missing parents) when absent; an existing root that is
/// too open is refused, never re-moded.
enum VaultRoot {
    /// Creates `path` if missing and checks it.
    static func prepare(_ path: String) throws(VaultError) {
        do { _ = try HomeDirectory(path: path) } catch { throw map(error) }
    }

    /// Whether anything exists at `path` (a link counts; it is refused later).
    static func exists(_ path: String) -> Bool {
        FileSystem.exists(path)
    }

    /// Checks that `path` is still private (called before every operation).
    static func check(_ path: String) throws(VaultError) {
        do { try HomeDirectory.check(path) } catch { throw map(error) }
    }

    /// The path of `name` in `root`.
    static func path(_ root: String, _ name: String) -> String { root == "/" ? "/" + name : root + "/" + name }

    /// Removes temporary files that a writer which no longer runs left behind (`.<name>.tmp-<pid>-<random>`, the
    /// names HFSystem's `FileWriter` uses) for the names `owned` accepts: after a crash they may hold a partial secret.
    static func removeStaleTemporaries(in root: String, owned: (String) -> Bool) {
        guard let names = try? FileSystem.directoryEntries(root) else { return }
        for name in names where name.hasPrefix(".") {
            let parts = name.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count >= 3, let last = parts.last, last.hasPrefix("tmp-"),
                owned(parts[1..<(parts.count - 1)].joined(separator: "."))
            else { continue }
            let pidText = last.dropFirst(4).prefix { $0 != "-" }
            guard let pid = Int32(pidText), pid != CurrentProcess.id, !CurrentProcess.processExists(pid) else {
                continue
            }
            FileSystem.removeIfPresent(path(root, name))
        }
        try? FileSync.directory(root)
    }

    private static func map(_ error: HomeDirectoryError) -> VaultError {
        if case .system(let failure) = error { return .file(failure) }
        return .unsafeLocation(reason: error.description)
    }

    /// Turns a refused secret file into the vault's error.
    static func map(_ error: SecretFileError, id: String) -> VaultError {
        switch error {
        case .missing: .missing(id: id)
        case .system(let failure): .file(failure)
        default: .unsafeLocation(reason: error.description)
        }
    }
}
