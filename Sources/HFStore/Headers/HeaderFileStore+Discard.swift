import HFSystem

extension HeaderFileStore {
    /// Removes a network's header store entirely, without opening it: its table, its file and any side file.
    ///
    /// For recovering from a damaged store (the corruption cases of ``HeaderStoreError``); the next
    /// ``init(directory:network:checkpointHash:database:)`` starts empty at the checkpoint. The table is dropped
    /// first and the files removed after, so a crash part-way also ends empty.
    /// - Throws: ``HeaderStoreError/busy(path:)`` when the store is open somewhere (after waiting up to
    ///   ``defaultLockTimeout``), or a file or database error.
    public static func discard(directory: String, network: String, database: Database) throws(HeaderStoreError) {
        try validate(network: network)
        guard !database.isInTransaction else { throw .insideTransaction }
        let directory = HomeDirectory.trimmingTrailingSlashes(directory)
        let path = "\(directory)/headers-\(network).dat"
        let file = try HeaderFile(path: path, lockTimeout: defaultLockTimeout)
        try HeaderStoreTable(database: database, network: network).drop()
        try file.truncate(to: 0)
        try file.sync()
        FileSystem.removeIfPresent("\(directory)/headers-\(network).redo")
        FileSystem.removeIfPresent(path)
    }

    /// Accepts 1–16 lower-case ASCII letters, digits or `_`, starting with a letter: safe in a file name and in
    /// an SQL table name.
    static func validate(network: String) throws(HeaderStoreError) {
        let lowercase = UInt8(ascii: "a")...UInt8(ascii: "z")
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        let bytes = Array(network.utf8)
        guard (1...16).contains(bytes.count), let first = bytes.first, lowercase.contains(first),
            bytes.allSatisfy({ lowercase.contains($0) || digits.contains($0) || $0 == UInt8(ascii: "_") })
        else {
            throw .invalidNetworkName(network)
        }
    }
}
