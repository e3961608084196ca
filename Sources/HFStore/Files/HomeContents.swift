import HFSystem

/// The rule for what a home holds (docs/design.md §7): every file and directory in it — the database and its `-wal`,
/// `-shm` and `-journal` files, the header files, the lock, logs, file-vault items — belongs to the current user, is
/// reachable by nobody else (files 0600, directories 0700) and is a real file or directory, never a symbolic link.
///
/// The programs create their files with exactly these modes whatever the umask; ``HomeDirectory/checkContents()``
/// refuses a home where something else is found, with the `chmod` or `chown` that fixes it, before anything in it is
/// opened.
enum HomeContents {
    /// How deep the check descends: the home's entries and the entries of its subdirectories (`logs`,
    /// `keyshares`); deeper directories are checked themselves but not entered.
    static let depth = 2

    /// Checks every entry of the directory `directory` (itself already checked), descending `levels` levels.
    ///
    /// - Throws: ``HomeDirectoryError`` naming the first entry that breaks the rule (by sorted name).
    static func check(_ directory: String, levels: Int = depth) throws(HomeDirectoryError) {
        let names: [String]
        do { names = try FileSystem.directoryEntries(directory) } catch {
            throw .system(FileSystemError(.open, path: directory, error))
        }
        for name in names.sorted() {
            let path = directory == "/" ? "/" + name : directory + "/" + name
            let status: FileStatus
            do { status = try FileSystem.linkStatus(path) } catch {
                if error.code == Errno.noSuchFileOrDirectory { continue }  // Removed meanwhile (a temporary file).
                throw .system(FileSystemError(.inspect, path: path, error))
            }
            try checkEntry(path, status)
            if status.kind == .directory, levels > 1 { try check(path, levels: levels - 1) }
        }
    }

    /// The rule for one entry, by its `lstat`.
    static func checkEntry(_ path: String, _ status: FileStatus) throws(HomeDirectoryError) {
        switch status.kind {
        case .regular, .directory: break
        case .symbolicLink: throw .entryNotPlain(path: path, isLink: true)
        case .other: throw .entryNotPlain(path: path, isLink: false)
        }
        switch PrivateAccess.problem(with: status) {
        case .notOwned(let owner, let user): throw .entryNotOwned(path: path, owner: owner, user: user)
        case .tooOpen(let permissions):
            throw .entryTooOpen(path: path, permissions: permissions, isDirectory: status.kind == .directory)
        case nil: break
        }
    }
}

extension HomeDirectory {
    /// Checks everything inside the home (see ``HomeContents``): call it on opening, before any file in it is used.
    ///
    /// - Throws: ``HomeDirectoryError/entryNotPlain(path:isLink:)``, ``HomeDirectoryError/entryNotOwned(path:owner:user:)``
    ///   or ``HomeDirectoryError/entryTooOpen(path:permissions:isDirectory:)`` (exit 77) naming the first problem.
    public func checkContents() throws(HomeDirectoryError) {
        try HomeContents.check(path)
    }
}
