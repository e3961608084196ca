import HFSystem

extension HomeDirectory {
    /// The existing, initialised home of `application`, without creating anything.
    ///
    /// - Parameters:
    ///   - explicit: the `--home` value, if any.
    ///   - marker: a file that an initialised home holds (its database).
    /// - Returns: the home, or nil when it or its marker does not exist (the caller says to run `init`).
    /// - Throws: ``HomeDirectoryError`` when the home exists but is unusable (too open, not owned, …).
    public static func existing(
        explicit: String?, application: String, environment: [String: String] = HomeDirectory.processEnvironment,
        marker: String
    ) throws(HomeDirectoryError) -> HomeDirectory? {
        let given = try location(explicit: explicit, application: application, environment: environment)
        let path: String
        do {
            path = try resolvedLocation(given)
            try check(path)
        } catch {
            if case .missing = error { return nil }
            throw error
        }
        let home = try HomeDirectory(path: path)
        return FileSystem.exists(home.path(marker)) ? home : nil
    }
}
