/// Durable storage for a header chain: a file of opaque 80-byte records above a checkpoint, with the trusted tip
/// kept in SQLite (docs/design.md §7).
///
/// **Layout.** Record *i* (0-based) is the header at checkpoint height + 1 + *i*, at byte offset 80·*i* of
/// `<directory>/headers-<network>.dat`. The table `header_store_<network>` in the given database holds the
/// checkpoint hash (the version marker), the committed record count with the SHA-256 of the last record, and any
/// pending suffix rewrite. The store never interprets a record.
///
/// **Crash safety.** Whatever the moment of a crash, reopening yields exactly the records before or after the
/// interrupted call, never a mix:
/// - *Append*: the records are written past the tip and the file is synced, then the new count is committed in
///   SQLite. Bytes past the committed count are truncated on open.
/// - *Suffix rewrite* (a reorg, or shrinking): the new suffix is written and synced to the side file
///   `headers-<network>.redo`, then a redo row (position, count, SHA-256 of the side file) is committed; from that
///   moment the rewrite is committed. The main file is then overwritten from the position, truncated and synced,
///   and the new tip is recorded and the redo cleared in one statement. A pending redo found on open is completed
///   (rolled forward) from the side file.
/// - *Reset* and *checkpoint change*: the empty state is committed first, then the file is truncated.
///
/// **Checkpoint.** Opening with a checkpoint hash other than the stored one wipes the records (the new checkpoint
/// starts an empty store).
///
/// **Damage.** A file shorter than the committed tip, a last record that does not match the recorded digest, or a
/// damaged side file under a pending redo are reported as errors, never repaired silently;
/// ``discard(directory:network:database:)`` removes such a store.
///
/// **Threading and processes.** Not `Sendable`: use a store from one thread at a time. The main file is locked
/// exclusively (`flock`) while the store is open, so a second store on the same files, in this or another process,
/// fails with ``HeaderStoreError/busy(path:)`` (after waiting up to ``defaultLockTimeout``); the lock is released
/// when the store is deallocated. The store's commits must be durable when they return, so opening and mutating
/// calls are refused while the database is inside a transaction (``HeaderStoreError/insideTransaction``): commit
/// header changes before, not inside, a command's own transaction.
public final class HeaderFileStore {
    /// The size of every record: a block header.
    public static let recordSize = 80
    /// How long opening waits for another holder of the store's lock: 1 second.
    public static let defaultLockTimeout: Duration = .seconds(1)

    /// The network's short name, e.g. `main`.
    public let network: String
    /// The checkpoint hash the records belong to (32 bytes).
    public let checkpointHash: [UInt8]
    /// The main file, locked for the store's lifetime.
    let file: HeaderFile
    /// The store's SQLite row.
    let table: HeaderStoreTable
    /// The side file's path.
    let sidePath: String
    /// The directory holding both files.
    let directory: String
    /// The committed record count.
    var committedCount = 0
    /// Set while a mutation is in progress or after one failed: the next call re-reads the committed state.
    var needsRecovery = true

    // MARK: - Initializers

    /// Opens the store for `network`, creating its files and table if missing, and recovers from any crash.
    ///
    /// - Parameters:
    ///   - directory: where `headers-<network>.dat` (and the side file `headers-<network>.redo`) live; it must
    ///     exist.
    ///   - network: a short name like `main` (1–16 lower-case letters, digits or `_`, starting with a letter).
    ///   - checkpointHash: 32 bytes, the version marker; a different stored marker wipes the records.
    ///   - database: an open ``Database``, not inside a transaction, in which the store keeps its table
    ///     `header_store_<network>`.
    /// - Throws: ``HeaderStoreError``; ``HeaderStoreError/busy(path:)`` when the store stays open elsewhere for
    ///   longer than ``defaultLockTimeout``.
    public convenience init(
        directory: String, network: String, checkpointHash: [UInt8], database: Database
    ) throws(HeaderStoreError) {
        try self.init(
            directory: directory, network: network, checkpointHash: checkpointHash, database: database,
            lockTimeout: Self.defaultLockTimeout)
    }

    /// Opens the store as above, waiting up to `lockTimeout` for another holder of its lock.
    public init(
        directory: String, network: String, checkpointHash: [UInt8], database: Database, lockTimeout: Duration
    ) throws(HeaderStoreError) {
        try Self.validate(network: network)
        guard checkpointHash.count == 32 else { throw .invalidCheckpointHash(length: checkpointHash.count) }
        guard !database.isInTransaction else { throw .insideTransaction }
        let directory = HomeDirectory.trimmingTrailingSlashes(directory)
        self.network = network
        self.checkpointHash = checkpointHash
        self.directory = directory
        self.sidePath = "\(directory)/headers-\(network).redo"
        self.table = HeaderStoreTable(database: database, network: network)
        self.file = try HeaderFile(path: "\(directory)/headers-\(network).dat", lockTimeout: lockTimeout)
        do {
            try FileSync.directory(directory)
        } catch {
            throw .file(error)
        }
        try table.create()
        try recover()
    }

    // MARK: - Properties

    /// Number of committed records above the checkpoint.
    ///
    /// After a call that threw, this is refreshed by the next successful call (the failed change is then either
    /// complete or absent).
    public var count: Int { committedCount }

    /// The main file's path.
    public var path: String { file.path }

    // MARK: - Methods

    /// Every committed record, index 0 = checkpoint height + 1, each exactly 80 bytes.
    ///
    /// - Throws: ``HeaderStoreError`` when the file cannot be read or a failed earlier call cannot be recovered.
    public func loadRecords() throws(HeaderStoreError) -> [[UInt8]] {
        if needsRecovery { try recover() }
        let bytes: [UInt8]
        switch try file.read(at: 0, count: committedCount * Self.recordSize) {
        case .complete(let value): bytes = value
        case .short(let available):
            needsRecovery = true
            throw .fileShorterThanTip(
                path: file.path, records: available / Self.recordSize, expected: committedCount)
        }
        return stride(from: 0, to: bytes.count, by: Self.recordSize).map {
            Array(bytes[$0..<$0 + Self.recordSize])
        }
    }

    /// The committed record count, re-read from the committed state first if an earlier call failed part-way.
    ///
    /// - Throws: ``HeaderStoreError`` when a failed earlier call cannot be recovered.
    public func recordCount() throws(HeaderStoreError) -> Int {
        if needsRecovery { try recover() }
        return committedCount
    }

    /// The `count` committed records from `index`, concatenated (`80 · count` bytes), read by offset: the cost is
    /// that of the records asked for, not of the store's size.
    ///
    /// - Throws: ``HeaderStoreError/indexOutOfRange(index:count:)`` when the range reaches past the committed
    ///   records; ``HeaderStoreError/fileShorterThanTip(path:records:expected:)`` when the file ends sooner; a
    ///   file error.
    public func readRecords(from index: Int, count: Int) throws(HeaderStoreError) -> [UInt8] {
        if needsRecovery { try recover() }
        guard index >= 0, count >= 0, index <= committedCount, count <= committedCount - index else {
            throw .indexOutOfRange(index: index, count: committedCount)
        }
        guard count > 0 else { return [] }
        switch try file.read(at: index * Self.recordSize, count: count * Self.recordSize) {
        case .complete(let bytes):
            return bytes
        case .short(let available):
            needsRecovery = true
            throw .fileShorterThanTip(
                path: file.path, records: index + available / Self.recordSize, expected: committedCount)
        }
    }

    /// Durably replaces records from `index` (`0...count`) onward with `records` (each exactly 80 bytes):
    /// `index == count` appends; `index < count` rewrites the suffix through the redo record (an empty `records`
    /// then shortens the chain). Atomic with respect to crashes.
    ///
    /// When this throws after its checks, the store holds either the old records or the new ones; ``count`` and
    /// ``loadRecords()`` say which.
    /// - Throws: ``HeaderStoreError``: ``HeaderStoreError/indexOutOfRange(index:count:)``,
    ///   ``HeaderStoreError/invalidRecordSize(position:size:)`` and ``HeaderStoreError/insideTransaction`` leave
    ///   everything unchanged.
    public func replaceRecords(from index: Int, with records: [[UInt8]]) throws(HeaderStoreError) {
        guard !table.database.isInTransaction else { throw .insideTransaction }
        if needsRecovery { try recover() }
        guard (0...committedCount).contains(index) else { throw .indexOutOfRange(index: index, count: committedCount) }
        if let position = records.firstIndex(where: { $0.count != Self.recordSize }) {
            throw .invalidRecordSize(position: position, size: records[position].count)
        }
        if index == committedCount, records.isEmpty { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(records.count * Self.recordSize)
        for record in records { bytes.append(contentsOf: record) }
        try replace(from: index, bytes: bytes, recordCount: records.count)
    }

    /// ``replaceRecords(from:with:)`` with the records concatenated (`bytes.count` a multiple of 80): the same
    /// checks and crash safety, without an array per record (for bulk loads).
    public func replaceRecords(from index: Int, concatenated bytes: [UInt8]) throws(HeaderStoreError) {
        guard !table.database.isInTransaction else { throw .insideTransaction }
        if needsRecovery { try recover() }
        guard (0...committedCount).contains(index) else { throw .indexOutOfRange(index: index, count: committedCount) }
        guard bytes.count % Self.recordSize == 0 else {
            throw .invalidRecordSize(position: bytes.count / Self.recordSize, size: bytes.count % Self.recordSize)
        }
        if index == committedCount, bytes.isEmpty { return }
        try replace(from: index, bytes: bytes, recordCount: bytes.count / Self.recordSize)
    }

    private func replace(from index: Int, bytes: [UInt8], recordCount: Int) throws(HeaderStoreError) {
        try mutate { () throws(HeaderStoreError) in
            if index == committedCount {
                try append(bytes, recordCount: recordCount)
            } else {
                try rewrite(from: index, bytes, recordCount: recordCount)
            }
        }
    }

    /// Wipes everything above the checkpoint (durably; the empty state is committed before the file is cut).
    ///
    /// - Throws: ``HeaderStoreError``.
    public func reset() throws(HeaderStoreError) {
        guard !table.database.isInTransaction else { throw .insideTransaction }
        if needsRecovery { try recover() }
        try mutate { () throws(HeaderStoreError) in try wipe() }
    }

    /// Runs a mutation with ``needsRecovery`` set, so that a failure part-way makes the next call re-read the
    /// committed state; a recovery is also attempted at once so that ``count`` is right after the error.
    private func mutate(_ body: () throws(HeaderStoreError) -> Void) throws(HeaderStoreError) {
        needsRecovery = true
        do {
            try body()
        } catch {
            try? recover()
            throw error
        }
        needsRecovery = false
    }
}
