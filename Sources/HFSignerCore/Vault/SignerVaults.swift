import HFMigration
import HFStore

/// A vault kind as the commands name it (`--to encrypted|file|single-file`).
public enum VaultChoice: String, CaseIterable, Sendable {
    case encrypted
    case file
    case singleFile = "single-file"

    /// Whether seeds would lie unencrypted on disk (the file kinds).
    public var isUnencrypted: Bool { self != .encrypted }

    var kind: VaultKind {
        switch self {
        case .encrypted: .encrypted
        case .file: .file
        case .singleFile: .singleFile
        }
    }
}

/// What `vault list` shows.
public struct VaultListing: Sendable, Equatable {
    /// The active kind.
    public let kind: String
    /// The ids it holds.
    public let ids: [String]
    /// The unfinished migration (`from>to>phase`), if any.
    public let migration: String?
}

/// What `vault migrate` did.
public struct VaultMigrationSummary: Sendable, Equatable, Encodable {
    public let active: String
    public let from: String
    public let to: String
    public let copied: Int
    public let alreadyPresent: Int
    public let deleted: Int

    init(_ report: VaultMigrationReport) {
        active = report.to
        from = report.from
        to = report.to
        copied = report.copied
        alreadyPresent = report.alreadyPresent
        deleted = report.deleted
    }
}

/// The `vault` use cases of a session.
extension SignerSession {
    /// The active vault, its ids and any unfinished migration.
    public func vaultListing() throws(SignerError) -> VaultListing {
        let kind = try home.activeVaultKind()
        return VaultListing(
            kind: kind.rawValue, ids: try home.storedVaultIDs()[kind] ?? [], migration: try home.pendingVaultMigration())
    }

    /// Checks the active vault against the wallets (`vault verify`).
    public func verifyVault(_ secrets: any SignerSecrets) throws(SignerError) -> SignerVaultCheck {
        let kind = try home.activeVaultKind()
        return try SignerVaultCheck(home: home, vault: try openVault(secrets), kind: kind)
    }

    /// Runs or resumes the migration to `target` (asking `secrets` for the store passphrase when either vault is the
    /// encrypted one); a target already active with nothing pending does nothing.
    /// In a home with a spending policy, a move to an unencrypted vault (whose seeds any program can then read and
    /// sign with) needs the policy passphrase.
    public func migrateVault(
        to target: VaultChoice, secrets: any SignerSecrets, policySecrets: any PolicySecrets
    ) throws(SignerError) -> VaultMigrationSummary {
        let from: VaultKind
        do { from = try SignerVaultMigration.source(home: home, to: target.kind) } catch { throw .vaultMigration(error) }
        let passphrase = from == .encrypted || target == .encrypted ? try secrets.storePassphrase() : nil
        if target != .encrypted {
            try PolicyGuard.require(home: home, vault: try openVault(secrets).store, secrets: policySecrets)
        }
        let report: VaultMigrationReport?
        do { report = try SignerVaultMigration.run(home: home, to: target.kind, passphrase: passphrase) } catch {
            throw .vaultMigration(error)
        }
        openedVault = nil
        return VaultMigrationSummary(report ?? VaultMigrationReport(from: target.kind, to: target.kind))
    }
}
