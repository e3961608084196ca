import HFSystem

/// Creates a directory and its missing parents, each with mode exactly 0700 (`mkdir -p -m 700`, but also for the
/// parents), and makes each new name durable.
enum DirectoryCreator {
    /// Creates whatever is missing along `path`; existing components are left as they are (an existing symbolic
    /// link among them is followed: the ancestors are the user's own layout).
    ///
    /// - Returns: the directories this call made, outermost first (a failed `init` removes them again).
    @discardableResult
    static func createIfMissing(_ path: String) throws(HomeDirectoryError) -> [String] {
        var created: [String] = []
        for prefix in prefixes(of: path) {
            do {
                _ = try FileSystem.linkStatus(prefix)
            } catch let error where error.code == Errno.noSuchFileOrDirectory {
                if try create(prefix) { created.append(prefix) }
            } catch {
                throw .system(FileSystemError(.inspect, path: prefix, error))
            }
        }
        return created
    }

    /// Makes one directory with mode 0700 whatever the umask, then syncs its parent.
    ///
    /// - Returns: false when someone else created it meanwhile (the final check judges it).
    private static func create(_ path: String) throws(HomeDirectoryError) -> Bool {
        do { try FileSystem.makeDirectory(path, permissions: 0o700) } catch {
            if error.code == Errno.fileExists { return false }
            throw .system(FileSystemError(.makeDirectory, path: path, error))
        }
        // By path, not through a descriptor: a umask that removed the owner's bits would make the new directory
        // impossible to open. If someone swapped it for a link meanwhile, chmod can only make a file we own
        // owner-only, and the final check (O_NOFOLLOW) refuses the link.
        do { try FileSystem.setPermissions(path, 0o700) } catch {
            throw .system(FileSystemError(.changeMode, path: path, error))
        }
        do {
            try FileSync.directory(containing: path)
        } catch {
            throw .system(error)
        }
        return true
    }

    /// `"/a/b/c"` → `["/a", "/a/b", "/a/b/c"]`; `"x/y"` → `["x", "x/y"]`. `.` components are skipped.
    static func prefixes(of path: String) -> [String] {
        var result: [String] = []
        var current = path.hasPrefix("/") ? "" : nil as String?
        for component in path.split(separator: "/") where component != "." {
            let next = current.map { $0 + "/" + component } ?? String(component)
            result.append(next)
            current = next
        }
        return result
    }
}
