public import HFSystem
import HFMigration
public import HFSPV
import HFHome
import HFStore

/// The one table from a signer failure to its exit status (docs/design.md §8) and its stable `code` (the `error.code` of a
/// failed command's `--json` result, listed in hf-signer(1)). Codes never change once published.
extension SignerError {
    /// The exit code of this failure.
    public var exitStatus: ExitStatus {
        switch self {
        case .home(let error): error.exitStatus
        case .notInitialized, .unreadable: .noInput
        case .database, .headerStorage: .ioError
        case .headerStore(let error): error.exitStatus
        case .homeLock(let error): error.exitStatus
        case .rejected, .header, .inclusion, .bundle, .payment, .move: .dataError
        case .vault(.wrongPassphrase): .noPermission
        case .vault(.notCreated), .vault(.missing): .noInput
        case .vault(.database), .vault(.file): .ioError
        case .vault(.unsafeLocation): .noPermission
        case .vault: .dataError
        case .cannotCreate: .cannotCreate
        case .migrationDeferred: .tryAgain
        case .notAuthorized: .noPermission
        case .wipeFailed: .ioError
        case .policy(let error): error.exitStatus
        case .generatorSelfTest: .software
        case .input(_, _, let status): status
        case .vaultMigration(.vault(.file(let error))) where error.operation == .lock: .tryAgain
        case .vaultMigration(.vault(let error)): SignerError.vault(error).exitStatus
        case .vaultMigration(.journal): .ioError
        case .vaultMigration(.otherMigrationPending): .usage
        case .vaultMigration(.verificationFailed), .vaultMigration(.conflicts): .dataError
        }
    }

    /// The stable machine-readable name of the cause: a header rule or an SPV verdict by its own name
    /// (`doesNotLink`, `blockHeaderNotFound`, …), else the failure's kind.
    public var code: String {
        switch self {
        case .home(let error): error.code
        case .notInitialized: "notInitialized"
        case .unreadable: "unreadable"
        case .database(.unknownValue): "corruptRecord"
        case .database: "database"
        case .headerStorage: "headerStorageFailed"
        case .headerStore(let error): error.code
        case .homeLock(let error): error.code
        case .rejected: "rejected"
        case .bundle(let error): error.code
        case .payment(let error): error.code
        case .move(let error): error.code
        case .header(let rejection): rejection.code
        case .inclusion(let verdict, _): verdict.rawValue
        case .vault(.wrongPassphrase): "wrongPassphrase"
        case .vault(.notCreated): "vaultNotCreated"
        case .vault(.missing): "vaultItemMissing"
        case .vault(.database), .vault(.file): "vaultStorage"
        case .vault(.unsafeLocation): "vaultNotPrivate"
        case .vault: "vault"
        case .cannotCreate: "cannotCreate"
        case .migrationDeferred: "migrationDeferred"
        case .notAuthorized: "notAuthorized"
        case .wipeFailed: "wipeFailed"
        case .policy(let error): error.code
        case .generatorSelfTest: "generatorSelfTest"
        case .input(_, let code, _): code
        case .vaultMigration(.vault(.file(let error))) where error.operation == .lock: "vaultMigrationRunning"
        case .vaultMigration(.vault(let error)): SignerError.vault(error).code
        case .vaultMigration(.journal): "vaultJournal"
        case .vaultMigration(.otherMigrationPending): "otherVaultMigrationPending"
        case .vaultMigration(.verificationFailed): "vaultVerificationFailed"
        case .vaultMigration(.conflicts): "vaultConflicts"
        }
    }
}

extension HeaderRejection {
    /// The rule's name, as `--json` error codes give it.
    public var code: String {
        switch self {
        case .emptyRun: "emptyRun"
        case .beforeCheckpoint: "beforeCheckpoint"
        case .notAnchored: "notAnchored"
        case .doesNotLink: "doesNotLink"
        case .invalidBits: "invalidBits"
        case .insufficientProofOfWork: "insufficientProofOfWork"
        case .wrongBits: "wrongBits"
        case .timeNotAfterMedian: "timeNotAfterMedian"
        case .difficultyRuleUnavailable: "difficultyRuleUnavailable"
        case .staleBranch: "staleBranch"
        case .reorgTooDeep: "reorgTooDeep"
        }
    }
}
