import Foundation
import HFCrypto
import HFMigration
import HFPrimitives
import HFStore
import HFTestSupport
import HFWallet

/// A real signer store (SQLite with the signer schema and the encrypted vault) and a planted legacy keychain.
final class MigrationHome {
    let directory: TemporaryDirectory
    let database: Database
    let vault: DatabaseKeyshareVault
    let legacy: LegacyKeychainFixture
    var logLines: [String] = []
    var doneNotifications = 0

    init() throws {
        directory = try TemporaryDirectory()
        database = try Database(path: directory.path("signer.sqlite"))
        try SignerSchema.migrator.migrate(database)
        vault = try DatabaseKeyshareVault.create(in: database, passphrase: SecureBytes(Array("test passphrase".utf8)))
        legacy = try LegacyKeychainFixture()
    }

    var keychain: LegacyKeychain { LegacyKeychain(root: legacy.root) }
    var flags: MigrationFlags { MigrationFlags(database: database) }
    var host: StoreWalletHost { StoreWalletHost(database: database, vault: vault) }

    /// Runs the migrator with the real host (or `host`).
    @discardableResult
    func migrate(host: (any WalletHost)? = nil) throws -> MigrationReport {
        let migrator = DashSyncKeyMigrator(
            keychain: keychain, flags: flags, host: host ?? self.host, log: { self.logLines.append($0) },
            onDone: { self.doneNotifications += 1 })
        return try migrator.migrateIfNeeded()
    }

    var launchState: LegacyWalletMaterialState { LegacyWalletMaterialState.of(keychain: keychain, flags: flags) }

    func wallets(_ network: Network) throws -> [WalletRecord] { try WalletRecords(database: database).list(network: network) }

    /// The wallet ID of `phrase` on `network`, derived independently of the migrator.
    static func walletID(_ phrase: String, _ network: Network) throws -> String {
        try WalletKeys(mnemonic: Mnemonic(phrase: phrase), network: network).walletIDHex
    }

    static func phrases() throws -> [String]? { try LegacyKeychainFixture.phrases() }
}

/// A host that fails for chosen networks: a fault the real host cannot produce on demand (a failing SDK manager).
final class FailingHost: WalletHost {
    let inner: any WalletHost
    var failing: Set<Network>
    var calls = 0

    init(_ inner: any WalletHost, failing: Set<Network>) {
        self.inner = inner
        self.failing = failing
    }

    func createOrImportWallet(_ request: WalletCreationRequest) throws(WalletHostError) -> WalletCreation {
        calls += 1
        if failing.contains(request.network) { throw .database(.failed(code: 1, message: "injected host failure", sql: "")) }
        return try inner.createOrImportWallet(request)
    }
}
