import HFCrypto
public import HFStore

/// Moves every item from one keyshare vault to another (docs/requirements/vaults.md): read the old, write the new, read it back and
/// compare bytes (constant time), and only then delete the old.
///
/// Two phases, recorded in a ``VaultMigrationJournal`` so a crash at any point is resumed by running again:
/// 1. **copying**: every item is copied and verified; the old vault stays active and complete, so signing works.
/// 2. **deleting**: one atomic journal write makes the new vault active; then each old item is read again, its copy
///    re-read and compared, and only an identical copy lets the old item be deleted. The journal is then cleared.
///
/// Every step is idempotent: a copy already present with identical bytes counts as `alreadyPresent`, a missing copy
/// is made again, an old item already deleted is simply absent. Nothing is ever deleted before a verified copy exists.
public struct VaultMigrator {
    private let from: VaultKind
    private let to: VaultKind
    private let source: any KeyshareVault
    private let target: any KeyshareVault
    private let journal: any VaultMigrationJournal

    /// A migration of `source` (of kind `from`) into `target` (of kind `to`).
    public init(
        from: VaultKind, source: any KeyshareVault, to: VaultKind, target: any KeyshareVault,
        journal: any VaultMigrationJournal
    ) {
        precondition(from != to, "VaultMigrator: the two vaults must be of different kinds")
        self.from = from
        self.to = to
        self.source = source
        self.target = target
        self.journal = journal
    }

    /// Runs (or resumes) the migration to its end.
    ///
    /// - Throws: ``VaultMigrationError``; the journal then still says where to resume.
    public func run() throws(VaultMigrationError) -> VaultMigrationReport {
        var report = VaultMigrationReport(from: from, to: to)
        var record = try journal.load()
        if let pending = record, pending.from != from || pending.to != to { throw .otherMigrationPending(pending) }
        if record == nil {
            record = VaultMigrationRecord(from: from, to: to, phase: .copying)
            try journal.save(record)
        }
        if record?.phase == .copying {
            for id in try vault({ () throws(VaultError) in try source.ids() }) {
                try copy(id, into: &report)
            }
            try journal.save(VaultMigrationRecord(from: from, to: to, phase: .deleting))
        }
        var conflicts: [String] = []
        for id in try vault({ () throws(VaultError) in try source.ids() }) {
            if try !deleteIfCopied(id, report: &report) { conflicts.append(id) }
        }
        guard conflicts.isEmpty else { throw .conflicts(ids: conflicts) }
        try journal.save(nil)
        return report
    }

    /// Copies one item unless the target already holds identical bytes, then verifies the copy.
    private func copy(_ id: String, into report: inout VaultMigrationReport) throws(VaultMigrationError) {
        let original = try vault { () throws(VaultError) in try source.read(id: id) }
        if let existing = try readIfPresent(id), equal(existing, original) {
            report.alreadyPresent += 1
            return
        }
        try vault { () throws(VaultError) in try target.write(id: id, data: original) }
        let copy = try vault { () throws(VaultError) in try target.read(id: id) }
        guard equal(copy, original) else { throw .verificationFailed(id: id) }
        report.copied += 1
    }

    /// Deletes one old item once its copy is verified identical; false (and nothing deleted) when the new vault
    /// holds different bytes.
    private func deleteIfCopied(_ id: String, report: inout VaultMigrationReport) throws(VaultMigrationError) -> Bool {
        let original: SecureBytes
        do { original = try source.read(id: id) } catch {
            if case .missing = error { return true }  // already deleted by an earlier run
            throw .vault(error)
        }
        if try readIfPresent(id) == nil { try copy(id, into: &report) }
        guard let copy = try readIfPresent(id), equal(copy, original) else { return false }
        try vault { () throws(VaultError) in try source.delete(id: id) }
        report.deleted += 1
        return true
    }

    private func readIfPresent(_ id: String) throws(VaultMigrationError) -> SecureBytes? {
        do { return try target.read(id: id) } catch {
            if case .missing = error { return nil }
            throw .vault(error)
        }
    }

    private func equal(_ a: SecureBytes, _ b: SecureBytes) -> Bool {
        var left = a.bytes
        var right = b.bytes
        defer {
            Zeroization.zeroize(&left)
            Zeroization.zeroize(&right)
        }
        return constantTimeEqual(left, right)
    }

    private func vault<T>(_ body: () throws(VaultError) -> T) throws(VaultMigrationError) -> T {
        do { return try body() } catch { throw .vault(error) }
    }
}
