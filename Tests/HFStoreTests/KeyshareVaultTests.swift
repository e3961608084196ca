import HFCrypto
import HFStore
import HFTestSupport
import Testing

/// The encrypted keyshare vault: round trips, the wrong passphrase, items bound to their ids, every refusal.
@Suite struct KeyshareVaultTests {
    let dir: TemporaryDirectory
    let database: Database

    init() throws {
        dir = try TemporaryDirectory()
        database = try Database(path: dir.path("store.sqlite"))
    }

    func secret(_ text: String) -> SecureBytes { SecureBytes(Array(text.utf8)) }

    @Test func writeReadDeleteAndList() throws {
        let vault = try DatabaseKeyshareVault.create(in: database, passphrase: secret("pass"))
        try vault.write(id: "wallet-abc", data: secret("seed words"))
        try vault.write(id: "wallet-def", data: secret("other"))
        #expect(try vault.read(id: "wallet-abc").bytes == Array("seed words".utf8))
        #expect(try vault.ids() == ["wallet-abc", "wallet-def"])
        try vault.write(id: "wallet-abc", data: secret("replaced"))
        #expect(try vault.read(id: "wallet-abc").bytes == Array("replaced".utf8))
        try vault.delete(id: "wallet-abc")
        #expect(throws: VaultError.missing(id: "wallet-abc")) { try vault.read(id: "wallet-abc") }
        try vault.delete(id: "wallet-abc")  // deleting a missing id is not an error
    }

    @Test func reopensWithTheRightPassphraseOnly() throws {
        let vault = try DatabaseKeyshareVault.create(in: database, passphrase: secret("right"))
        try vault.write(id: "wallet-1", data: secret("s"))
        #expect(try DatabaseKeyshareVault.open(in: database, passphrase: secret("right")).read(id: "wallet-1").bytes == [0x73])
        #expect(throws: VaultError.wrongPassphrase) { try DatabaseKeyshareVault.open(in: database, passphrase: secret("wrong")) }
        #expect(try DatabaseKeyshareVault.exists(in: database))
    }

    @Test func secretsAreNotStoredInTheClear() throws {
        let vault = try DatabaseKeyshareVault.create(in: database, passphrase: secret("p"))
        try vault.write(id: "wallet-x", data: secret("abandon abandon about"))
        let item = try database.prepare("SELECT item FROM vault_items WHERE id = 'wallet-x'")
        #expect(try item.step())
        let stored = try item.blob(at: 0)
        #expect(stored.count == 12 + 21 + 16)
        #expect(!String(decoding: stored, as: UTF8.self).contains("abandon"))
    }

    @Test func anItemMovedToAnotherIDDoesNotOpen() throws {
        let vault = try DatabaseKeyshareVault.create(in: database, passphrase: secret("p"))
        try vault.write(id: "wallet-a", data: secret("a"))
        try vault.write(id: "wallet-b", data: secret("b"))
        try database.execute("UPDATE vault_items SET item = (SELECT item FROM vault_items WHERE id = 'wallet-a') WHERE id = 'wallet-b'")
        #expect(throws: VaultError.damaged(id: "wallet-b")) { try vault.read(id: "wallet-b") }
        try database.execute("UPDATE vault_items SET item = substr(item, 1, 20) WHERE id = 'wallet-a'")
        #expect(throws: VaultError.damaged(id: "wallet-a")) { try vault.read(id: "wallet-a") }
    }

    @Test func refusals() throws {
        #expect(throws: VaultError.notCreated) { try DatabaseKeyshareVault.open(in: database, passphrase: secret("p")) }
        #expect(throws: VaultError.emptyPassphrase) { try DatabaseKeyshareVault.create(in: database, passphrase: secret("")) }
        #expect(throws: VaultError.unsupportedParameters(iterations: 1000)) {
            try DatabaseKeyshareVault.create(in: database, passphrase: secret("p"), iterations: 1000)
        }
        let vault = try DatabaseKeyshareVault.create(in: database, passphrase: secret("p"))
        #expect(throws: VaultError.alreadyCreated) { try DatabaseKeyshareVault.create(in: database, passphrase: secret("p")) }
        for id in ["", "Wallet", "a b", "vault-check", String(repeating: "a", count: 101), "wallet/1"] {
            #expect(throws: VaultError.invalidID(id)) { try vault.write(id: id, data: secret("x")) }
        }
        try database.execute("UPDATE vault_parameters SET iterations = 1000")
        #expect(throws: VaultError.unsupportedParameters(iterations: 1000)) {
            try DatabaseKeyshareVault.open(in: database, passphrase: secret("p"))
        }
    }
}
