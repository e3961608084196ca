import HFStore
import HFSystem

/// Takes back what a failed `init` made: the home this process created a moment ago, its files, and the parent
/// directories made for it (docs/design.md §7: a failed `init` leaves no half home behind).
///
/// Only ever applied to directories this process created in this run (``ApplicationHome/discardIfNew()``), so what
/// is in them is what the program wrote. Regular files in the home and in its subdirectories are removed, then the
/// directories, innermost first; a directory that is not empty (something unexpected was put there meanwhile) is
/// left as it is, and so are its parents.
enum HomeRemoval {
    /// Removes what a failed first `init` made of `home`: all of it when the directory is in `created`, else (a
    /// directory that was there) the program's own files when the database was created by this process.
    static func discard(home: String, created: [String], databaseName: String, databaseCreated: Bool) {
        if created.last == home {
            remove(created: created)
        } else if databaseCreated {
            removeProgramFiles(in: home, databaseName: databaseName)
        }
    }

    /// Removes, from a directory that existed before `init`, the regular files `init` creates there: the database
    /// and its companions, the lock and the header files (`headers-<network>.dat` and `.redo`); anything else stays.
    static func removeProgramFiles(in home: String, databaseName: String) {
        let database = home + "/" + databaseName
        let own = Set([database, database + "-wal", database + "-shm", database + "-journal", home + "/" + HomeLock.fileName])
        let names = (try? FileSystem.directoryEntries(home)) ?? []
        for name in names {
            let path = home + "/" + name
            let isHeaderFile = name.hasPrefix("headers-") && (name.hasSuffix(".dat") || name.hasSuffix(".redo"))
            guard own.contains(path) || isHeaderFile, (try? FileSystem.linkStatus(path))?.kind == .regular else { continue }
            FileSystem.removeIfPresent(path)
        }
        try? FileSync.directory(home)
    }

    /// Removes the directories in `created` (outermost first, as `HomeDirectory.creating` lists them) and the files
    /// in the innermost one.
    static func remove(created: [String]) {
        guard let home = created.last else { return }
        empty(home, levels: 2)
        for directory in created.reversed() {
            do throws(Errno) { try FileSystem.removeDirectory(directory) } catch { return }
            try? FileSync.directory(containing: directory)
        }
    }

    /// Removes the regular files of `directory` and, `levels` deep, its emptied subdirectories.
    private static func empty(_ directory: String, levels: Int) {
        guard let names = try? FileSystem.directoryEntries(directory) else { return }
        for name in names {
            let path = directory + "/" + name
            guard let status = try? FileSystem.linkStatus(path) else { continue }
            switch status.kind {
            case .regular:
                FileSystem.removeIfPresent(path)
            case .directory where levels > 1:
                empty(path, levels: levels - 1)
                try? FileSystem.removeDirectory(path)
            default:
                continue
            }
        }
    }
}
