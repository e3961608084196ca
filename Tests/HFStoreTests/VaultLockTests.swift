import HFStore
import HFTestSupport
import Testing

/// The lock that keeps two vault migrations of one home apart.
@Suite struct VaultLockTests {
    @Test func aHeldLockRefusesASecondHolderUntilReleased() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("vault.lock")
        var first: VaultLock? = try VaultLock.acquire(path)
        do {
            _ = try VaultLock.acquire(path)
            Issue.record("took a held lock")
        } catch {
            guard case .file(let failure) = error else { Issue.record("\(error)"); return }
            #expect(failure.operation == .lock)
        }
        #expect(first != nil)
        first = nil
        _ = try VaultLock.acquire(path)
        #expect(Fixtures.mode(of: path) == 0o600)
    }

    /// Releasing lets go at once even when a child process spawned by another thread still holds a copy of the
    /// descriptor (from `posix_spawn`'s clone until the child's `exec`).
    @Test func aReleasedLockCanBeRetakenWhileChildrenAreSpawned() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("vault.lock")
        try BackgroundSpawner.repeatedly(whileSpawning: 50) { _ = try VaultLock.acquire(path) }
    }
}
