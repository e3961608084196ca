import HFCrypto
import HFMigration
import HFStore
import Testing

/// Vault migration between every pair of kinds: copy, read back, compare, then delete; resumable after a crash at
/// every step; never deleting an item before its copy is verified.
@Suite(.serialized) struct VaultMigratorTests {
    static let pairs: [(VaultKind, VaultKind)] = VaultKind.allCases.flatMap { from in
        VaultKind.allCases.filter { $0 != from }.map { (from, $0) }
    }

    @Test func migratesBetweenEveryPair() throws {
        let f = try VaultFixtures()
        for (from, to) in Self.pairs {
            try f.reset(filling: from)
            let report = try VaultMigrator(
                from: from, source: f.vault(from), to: to, target: f.vault(to), journal: f.journal
            ).run()
            #expect(report.copied == VaultFixtures.items.count && report.deleted == VaultFixtures.items.count,
                    "\(from) → \(to)")
            #expect(report.alreadyPresent == 0)
            #expect(try f.contents(to) == VaultFixtures.items, "\(from) → \(to): every id, identical bytes")
            #expect(try f.vault(from).ids() == [], "\(from) → \(to): the old vault is empty")
            #expect(try f.journal.load() == nil)
        }
    }

    /// Fails every step of the migration in turn (vault reads, writes, deletes, listings and journal saves), checks
    /// that the active vault still holds every item, then reruns and checks the end state.
    @Test func resumesAfterACrashAtEveryStep() throws {
        let f = try VaultFixtures()
        // Three items keep the number of crash points (and fsyncs) modest; the other tests use all five.
        f.planted = VaultFixtures.items.filter { ["k.1", "treasury-main-p2", "z_last"].contains($0.key) }
        let items = f.planted
        for (from, to) in Self.pairs {
            var failAt = 0
            while true {
                try f.reset(filling: from)
                let crash = CrashPoint(failAt: failAt)
                let interrupted = VaultMigrator(
                    from: from, source: CrashingVault(f.vault(from), crash), to: to,
                    target: CrashingVault(f.vault(to), crash), journal: CrashingJournal(inner: f.journal, crash: crash))
                _ = try? interrupted.run()
                let record = try f.journal.load()
                let active = record?.active ?? (crash.fired ? from : to)
                if record == nil, crash.fired {
                    // Failed before the journal was written: nothing may have moved.
                    #expect(try f.contents(from) == items, "\(from)→\(to) step \(failAt)")
                }
                #expect(try f.contents(active) == items,
                        "\(from)→\(to) step \(failAt): the active vault (\(active)) lost an item")
                for (id, bytes) in items where try !f.vault(from).ids().contains(id) {
                    #expect(try f.contents(to)[id] == bytes, "\(from)→\(to) step \(failAt): \(id) deleted unverified")
                }
                if !crash.fired { break }
                let report = try VaultMigrator(
                    from: from, source: f.vault(from), to: to, target: f.vault(to), journal: f.journal
                ).run()
                #expect(try f.contents(to) == items, "\(from)→\(to) step \(failAt) rerun")
                #expect(try f.vault(from).ids() == [], "\(from)→\(to) step \(failAt): nothing left behind")
                #expect(try f.journal.load() == nil)
                #expect(report.copied + report.alreadyPresent <= items.count)
                failAt += 1
            }
            #expect(failAt > 15, "\(from)→\(to): only \(failAt) steps")
        }
    }

    @Test func anotherPendingMigrationIsRefusedAndChangesNothing() throws {
        let f = try VaultFixtures()
        try f.reset(filling: .encrypted)
        try f.journal.save(VaultMigrationRecord(from: .encrypted, to: .file, phase: .copying))
        let pending = VaultMigrationRecord(from: .encrypted, to: .file, phase: .copying)
        #expect(throws: VaultMigrationError.otherMigrationPending(pending)) {
            try VaultMigrator(
                from: .encrypted, source: f.encrypted, to: .singleFile, target: f.singleFile, journal: f.journal
            ).run()
        }
        #expect(try f.contents(.encrypted) == VaultFixtures.items)
        #expect(try f.singleFile.ids() == [])
    }

    @Test func aCopyThatReadsBackDifferentlyStopsBeforeAnyDelete() throws {
        let f = try VaultFixtures()
        try f.reset(filling: .file)
        let target = AlteringVault(f.singleFile)
        #expect(throws: VaultMigrationError.self) {
            try VaultMigrator(from: .file, source: f.file, to: .singleFile, target: target, journal: f.journal).run()
        }
        #expect(try f.contents(.file) == VaultFixtures.items, "nothing deleted")
        #expect(try f.journal.load()?.phase == .copying, "the old vault stays active")
    }

    @Test func differentBytesInTheNewVaultAreAConflictNotADelete() throws {
        let f = try VaultFixtures()
        try f.reset(filling: .file)
        // An interrupted run reached the deleting phase; then the new vault's copy of one id was changed.
        try f.journal.save(VaultMigrationRecord(from: .file, to: .singleFile, phase: .deleting))
        for (id, bytes) in VaultFixtures.items { try f.singleFile.write(id: id, data: SecureBytes(bytes)) }
        try f.singleFile.write(id: "k.1", data: SecureBytes([9, 9]))
        #expect(throws: VaultMigrationError.conflicts(ids: ["k.1"])) {
            try VaultMigrator(from: .file, source: f.file, to: .singleFile, target: f.singleFile, journal: f.journal).run()
        }
        #expect(try f.file.ids() == ["k.1"], "only the conflicting old item is kept")
        #expect(try f.file.read(id: "k.1").bytes == VaultFixtures.items["k.1"])
    }

    @Test func recordsRoundTripAndRejectNonsense() {
        let record = VaultMigrationRecord(from: .singleFile, to: .encrypted, phase: .deleting)
        #expect(record.text == "single-file>encrypted>deleting")
        #expect(VaultMigrationRecord(text: record.text) == record)
        #expect(record.active == .encrypted)
        for text in ["", "file>file>copying", "file>encrypted", "file>encrypted>done", "x>file>copying", "a>b>c>d"] {
            #expect(VaultMigrationRecord(text: text) == nil, "\(text)")
        }
    }
}

/// A real vault that returns altered bytes when read: a failing disk, which a real vault cannot be made to be.
final class AlteringVault: KeyshareVault {
    let inner: any KeyshareVault
    init(_ inner: any KeyshareVault) { self.inner = inner }
    func write(id: String, data: SecureBytes) throws(VaultError) { try inner.write(id: id, data: data) }
    func read(id: String) throws(VaultError) -> SecureBytes { SecureBytes(try inner.read(id: id).bytes + [0]) }
    func delete(id: String) throws(VaultError) { try inner.delete(id: id) }
    func ids() throws(VaultError) -> [String] { try inner.ids() }
}
