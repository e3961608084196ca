public import HFCrypto

/// The default vault: items in the store's SQLite database, each sealed with AES-256-GCM under a key derived once per
/// open from the store passphrase (PBKDF2-HMAC-SHA256, at least 600,000 iterations, 16-byte random salt).
///
/// Each item has a fresh 12-byte nonce and the AAD `"hf-vault/v1" ‖ 0x00 ‖ id`, so an item moved to another id does not
/// open. A check item sealed at creation tells a wrong passphrase from a damaged item.
public final class DatabaseKeyshareVault: KeyshareVault {
    /// Iterations of new vaults.
    public static let defaultIterations = 600_000
    /// Iterations accepted when opening.
    public static let acceptedIterations = 600_000...10_000_000

    private let database: Database
    private let key: SecureBytes

    private init(database: Database, key: SecureBytes) {
        self.database = database
        self.key = key
    }

    /// Whether `database` holds a vault.
    public static func exists(in database: Database) throws(VaultError) -> Bool {
        try VaultTables.create(in: database)
        return try VaultTables.parameters(in: database) != nil
    }

    /// Creates the vault in `database` under `passphrase`.
    ///
    /// - Throws: `VaultError.alreadyCreated`, `.emptyPassphrase`, `.database`.
    public static func create(
        in database: Database, passphrase: SecureBytes, iterations: Int = defaultIterations
    ) throws(VaultError) -> DatabaseKeyshareVault {
        guard passphrase.count > 0 else { throw .emptyPassphrase }
        guard acceptedIterations.contains(iterations) else { throw .unsupportedParameters(iterations: iterations) }
        try VaultTables.create(in: database)
        guard try VaultTables.parameters(in: database) == nil else { throw .alreadyCreated }
        let salt = SecureRandom.bytes(16)
        let key = derive(passphrase, salt: salt, iterations: iterations)
        let check = try VaultSeal.seal(SecureBytes(Array(VaultTables.checkText.utf8)), id: VaultTables.checkID, key: key)
        try VaultTables.insertParameters(salt: salt, iterations: iterations, check: check, in: database)
        return DatabaseKeyshareVault(database: database, key: key)
    }

    /// Opens the vault of `database` with `passphrase` (one key derivation).
    ///
    /// - Throws: `VaultError.notCreated`, `.wrongPassphrase`, `.unsupportedParameters`, `.database`.
    public static func open(in database: Database, passphrase: SecureBytes) throws(VaultError) -> DatabaseKeyshareVault {
        try VaultTables.create(in: database)
        guard let parameters = try VaultTables.parameters(in: database) else { throw .notCreated }
        guard acceptedIterations.contains(parameters.iterations) else {
            throw .unsupportedParameters(iterations: parameters.iterations)
        }
        let key = derive(passphrase, salt: parameters.salt, iterations: parameters.iterations)
        do {
            let check = try VaultSeal.open(parameters.check, id: VaultTables.checkID, key: key)
            guard constantTimeEqual(check.bytes, Array(VaultTables.checkText.utf8)) else { throw VaultError.wrongPassphrase }
        } catch {
            throw .wrongPassphrase
        }
        return DatabaseKeyshareVault(database: database, key: key)
    }

    public func write(id: String, data: SecureBytes) throws(VaultError) {
        try VaultTables.validate(id: id)
        try VaultTables.upsert(id: id, item: VaultSeal.seal(data, id: id, key: key), in: database)
    }

    public func read(id: String) throws(VaultError) -> SecureBytes {
        try VaultTables.validate(id: id)
        guard let item = try VaultTables.item(id: id, in: database) else { throw .missing(id: id) }
        do { return try VaultSeal.open(item, id: id, key: key) } catch { throw .damaged(id: id) }
    }

    public func delete(id: String) throws(VaultError) {
        try VaultTables.validate(id: id)
        try VaultTables.delete(id: id, in: database)
    }

    public func ids() throws(VaultError) -> [String] { try VaultTables.ids(in: database) }

    private static func derive(_ passphrase: SecureBytes, salt: [UInt8], iterations: Int) -> SecureBytes {
        var password = passphrase.bytes
        defer { Zeroization.zeroize(&password) }
        var key = PBKDF2.sha256(password: password, salt: salt, iterations: iterations, keyLength: 32)
        return SecureBytes(consuming: &key)
    }
}
