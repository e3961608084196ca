import HFSystem


/// A program's private data directory: `--home DIR`, else `$XDG_DATA_HOME/<app>`, else `$HOME/.local/share/<app>`.
///
/// A home exists, is a real directory (not a symbolic link), belongs to the current user and has no group or other
/// permission bits (0700). A missing home is created with mode 0700, and so is every missing parent directory;
/// parents that already exist are used as they are. An existing home is never re-moded: one that is too open is
/// refused with the `chmod 700` that fixes it.
///
/// **Symbolic links.** The home's ancestors are the user's own layout (`/home` on another disk, a linked `~/.local`):
/// the parent directory is resolved once (`realpath`), and ``path`` is that resolved parent plus the home's own name.
/// The home itself, and everything opened inside it, is never reached through a link (`O_NOFOLLOW`), so ``path``
/// holds no symbolic link at all (SQLite's `SQLITE_OPEN_NOFOLLOW` refuses a path with a link anywhere in it).
public struct HomeDirectory: Equatable, Hashable, Sendable {
    /// The directory's absolute path, its parent resolved (no symbolic link in it), without a trailing slash.
    public let path: String

    /// Resolves the home for `application`, creating it if missing, and checks it.
    ///
    /// - Parameters:
    ///   - explicit: the `--home` value, if any (it wins over the environment).
    ///   - application: the directory name under the XDG data directory, e.g. `hf-signer`.
    ///   - environment: `XDG_DATA_HOME` and `HOME`; defaults to this process's values.
    /// - Throws: ``HomeDirectoryError``.
    public init(
        explicit: String?, application: String, environment: [String: String] = HomeDirectory.processEnvironment
    ) throws(HomeDirectoryError) {
        try self.init(path: Self.location(explicit: explicit, application: application, environment: environment))
    }

    /// Uses the directory at `path`, creating it (and missing parents) with mode 0700 if it does not exist.
    ///
    /// - Throws: ``HomeDirectoryError``.
    public init(path: String) throws(HomeDirectoryError) {
        self = try Self.creating(path: path).home
    }

    /// Uses the directory at `path` as ``init(path:)`` does, and says which directories this call created.
    ///
    /// - Returns: the home, and the directories made for it, outermost first (the home itself last when it was
    ///   missing): what a failed `init` removes again.
    /// - Throws: ``HomeDirectoryError``.
    public static func creating(path: String) throws(HomeDirectoryError) -> (home: HomeDirectory, created: [String]) {
        let given = trimmingTrailingSlashes(path)
        var created: [String] = []
        let parent = FileSystem.parentDirectory(of: given)
        if given != "/", !hasDotName(given) { created += try DirectoryCreator.createIfMissing(parent) }
        let resolved = try resolvedLocation(given)
        created += try DirectoryCreator.createIfMissing(resolved)
        try check(resolved)
        return (HomeDirectory(resolvedPath: resolved), created)
    }

    private init(resolvedPath: String) { path = resolvedPath }

    /// The path of `name` inside the home (nothing is created).
    public func path(_ name: String) -> String { path == "/" ? "/" + name : path + "/" + name }

    // MARK: - Static

    /// Where the home for `application` is, without touching the disk.
    ///
    /// `XDG_DATA_HOME` is used only when it is an absolute path (the XDG rule: relative values are ignored).
    /// - Throws: ``HomeDirectoryError/noLocation`` when nothing says where the home is.
    public static func location(
        explicit: String?, application: String, environment: [String: String]
    ) throws(HomeDirectoryError) -> String {
        precondition(!application.isEmpty && !application.contains("/"), "HomeDirectory: bad application name")
        if let explicit, !explicit.isEmpty { return trimmingTrailingSlashes(explicit) }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return trimmingTrailingSlashes(data) + "/" + application
        }
        if let home = environment["HOME"], !home.isEmpty {
            return trimmingTrailingSlashes(home) + "/.local/share/" + application
        }
        throw .noLocation
    }

    /// Checks that `path` is an existing private directory of the current user, without creating anything.
    ///
    /// The checks are made on the opened directory (`O_NOFOLLOW`), so a symbolic link cannot be slipped in between
    /// the check and the open.
    /// - Throws: ``HomeDirectoryError`` naming the first problem.
    public static func check(_ path: String) throws(HomeDirectoryError) {
        let fd: FileDescriptor
        do { fd = try FileDescriptor.open(path, .readOnly, options: [.directory, .noFollow]) } catch {
            throw openError(path, error)
        }
        defer { fd.closeIgnoringErrors() }
        let status: FileStatus
        do { status = try fd.status() } catch { throw .system(FileSystemError(.inspect, path: path, error)) }
        switch PrivateAccess.problem(with: status) {
        case .notOwned(let owner, let user): throw .notOwned(path: path, owner: owner, user: user)
        case .tooOpen(let permissions): throw .tooOpen(path: path, permissions: permissions)
        case nil: break
        }
    }

    /// The absolute path of the home at `path`: its parent resolved once (every symbolic link, `.` and `..` of the
    /// ancestors followed), then its own name, which is never resolved (a home that is a link is refused later).
    ///
    /// `/` stays `/`; a path ending in `.` or `..` names a directory, not a link, and is resolved whole.
    /// - Throws: ``HomeDirectoryError/missing(path:)`` when the parent does not exist; `.system` when it cannot be
    ///   resolved.
    public static func resolvedLocation(_ path: String) throws(HomeDirectoryError) -> String {
        let given = trimmingTrailingSlashes(path)
        if given == "/" { return given }
        if hasDotName(given) { return try resolve(given, missing: given) }
        let parent = try resolve(FileSystem.parentDirectory(of: given), missing: given)
        let name = FileSystem.lastComponent(of: given)
        return parent == "/" ? "/" + name : parent + "/" + name
    }

    /// `realpath` of `path`; a missing path is reported as the missing home `home`.
    private static func resolve(_ path: String, missing home: String) throws(HomeDirectoryError) -> String {
        do { return try FileSystem.resolvedPath(path) } catch {
            if error.code == Errno.noSuchFileOrDirectory { throw .missing(path: home) }
            throw .system(FileSystemError(.inspect, path: path, error))
        }
    }

    /// Whether the last component of `path` is `.` or `..`.
    private static func hasDotName(_ path: String) -> Bool {
        let name = FileSystem.lastComponent(of: path)
        return name == "." || name == ".."
    }

    /// `XDG_DATA_HOME` and `HOME` of this process (the only variables the home resolution reads).
    public static var processEnvironment: [String: String] {
        var environment: [String: String] = [:]
        for name in ["XDG_DATA_HOME", "HOME"] { environment[name] = CurrentProcess.environment(name) }
        return environment
    }

    /// Turns a failed `open(O_DIRECTORY | O_NOFOLLOW)` into the error a user understands.
    private static func openError(_ path: String, _ error: Errno) -> HomeDirectoryError {
        switch error.code {
        case Errno.noSuchFileOrDirectory: return .missing(path: path)
        case Errno.notDirectory:
            if let status = try? FileSystem.linkStatus(path), status.kind == .symbolicLink {
                return .symbolicLink(path: path)
            }
            return .notDirectory(path: path)
        case Errno.tooManySymbolicLinks: return .symbolicLink(path: path)
        default: return .system(FileSystemError(.open, path: path, error))
        }
    }

    /// `"a/b//"` → `"a/b"`; `"/"` stays `"/"`.
    static func trimmingTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
