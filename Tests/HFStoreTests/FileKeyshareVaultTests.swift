import Foundation
import HFCrypto
import HFStore
import HFTestSupport
import Testing

/// The file vault: one 0600 file per id in a 0700 root; unsafe roots and items refused.
@Suite struct FileKeyshareVaultTests {
    let dir: TemporaryDirectory
    var root: String { dir.path("keyshares") }

    init() throws { dir = try TemporaryDirectory() }

    @Test func roundTripAndRejections() throws {
        let vault = try FileKeyshareVault(root: root)
        #expect(try VaultTesting.roundTrip(vault) == [])
        #expect(try Fixtures.names(in: root) == ["treasury-main-p2"], "one file per id, nothing else")
        #expect(Fixtures.mode(of: root) == 0o700)
        #expect(Fixtures.mode(of: root + "/treasury-main-p2") == 0o600)
        #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/treasury-main-p2")) == Data([0, 1, 2, 255]))
    }

    @Test func filesAre0600WhateverTheUmask() throws {
        let vault = try FileKeyshareVault(root: root)
        try Fixtures.withUmask(0) { try vault.write(id: "wallet-a", data: VaultTesting.secret("s")) }
        #expect(Fixtures.mode(of: root + "/wallet-a") == 0o600)
    }

    @Test func anOpenRootIsRefusedAndNotReModed() throws {
        let vault = try FileKeyshareVault(root: root)
        try vault.write(id: "wallet-a", data: VaultTesting.secret("s"))
        Fixtures.setMode(root, 0o755)
        #expect(throws: VaultError.self) { try vault.read(id: "wallet-a") }
        #expect(throws: VaultError.self) { try vault.write(id: "wallet-b", data: VaultTesting.secret("s")) }
        #expect(throws: VaultError.self) { try vault.ids() }
        #expect(throws: VaultError.self) { try FileKeyshareVault(root: root) }
        #expect(Fixtures.mode(of: root) == 0o755)
        #expect(try Fixtures.names(in: root) == ["wallet-a"], "nothing written")
        do { _ = try vault.read(id: "wallet-a") } catch {
            guard case .unsafeLocation(let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.contains("chmod 700"))
        }
    }

    @Test func anOpenItemOrALinkIsRefused() throws {
        let vault = try FileKeyshareVault(root: root)
        try vault.write(id: "wallet-a", data: VaultTesting.secret("s"))
        Fixtures.setMode(root + "/wallet-a", 0o644)
        do {
            _ = try vault.read(id: "wallet-a")
            Issue.record("read an item open to others")
        } catch {
            guard case .unsafeLocation(let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.contains("chmod 600"))
        }
        let outside = try dir.write("outside", "secret")
        try FileManager.default.createSymbolicLink(atPath: root + "/wallet-b", withDestinationPath: outside)
        #expect(throws: VaultError.self) { try vault.read(id: "wallet-b") }
    }

    @Test func aRootThatIsALinkIsRefused() throws {
        try FileManager.default.createDirectory(atPath: dir.path("real"), withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        try FileManager.default.createSymbolicLink(atPath: root, withDestinationPath: dir.path("real"))
        #expect(throws: VaultError.self) { try FileKeyshareVault(root: root) }
    }

    @Test func strayNamesAreNotListedAndDeadWritersTemporariesAreRemoved() throws {
        let vault = try FileKeyshareVault(root: root)
        try vault.write(id: "wallet-a", data: VaultTesting.secret("s"))
        _ = try dir.write("keyshares/README", "not an id")
        _ = try dir.write("keyshares/.wallet-a.tmp-999999999-abc", "partial secret")
        _ = try dir.write("keyshares/.Other.tmp-999999999-abc", "not ours")
        #expect(try vault.ids() == ["wallet-a"])
        _ = try FileKeyshareVault(root: root)
        #expect(try Fixtures.names(in: root) == [".Other.tmp-999999999-abc", "README", "wallet-a"])
    }

    @Test func missingRootListsNothingWithoutCreatingIt() throws {
        #expect(try FileKeyshareVault.storedIDs(root: root) == [])
        #expect(!Fixtures.exists(root))
        #expect(throws: VaultError.missing(id: "wallet-x")) { try FileKeyshareVault(root: root).read(id: "wallet-x") }
    }
}
