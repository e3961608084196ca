public import HFPrimitives
public import HFStore
public import HFWallet

/// The one boundary through which every wallet becomes live: create, import, legacy migration and recovery all call
/// ``createOrImportWallet(_:)`` (docs/requirements/legacy-migration.md: "create/import/recovery use the same host boundary").
public protocol WalletHost: AnyObject {
    /// Derives the deterministic wallet ID, stores the mnemonic in the vault under it and reads it back, and only
    /// then creates the wallet row. A row failure removes only the mnemonic this call stored.
    func createOrImportWallet(_ request: WalletCreationRequest) throws(WalletHostError) -> WalletCreation
}

/// What ``WalletHost/createOrImportWallet(_:)`` is asked to create.
public struct WalletCreationRequest: Sendable {
    /// What to do when the wallet already has a row.
    public enum Existing: Sendable {
        /// Refuse (`wallet create`, `wallet import`).
        case reject
        /// Return the existing row (migration and recovery are idempotent).
        case accept
    }

    /// The phrase. Secret.
    public let mnemonic: Mnemonic
    /// The BIP39 passphrase. Secret.
    public let passphrase: String
    public let network: Network
    /// The title, or nil for "Wallet N".
    public let title: String?
    public let derivation: DerivationScheme
    /// Where the wallet's BIP32 addresses are: ours, or another application's (issue 32).
    public let chains: BIP32Chains
    /// The ID the caller derived on its own (migration's second derivation, recovery's stored ID); a different
    /// derived ID is refused.
    public let expectedWalletID: String?
    public let existing: Existing

    /// A request from its fields.
    public init(
        mnemonic: Mnemonic, passphrase: String = "", network: Network, title: String? = nil,
        derivation: DerivationScheme = .type42, chains: BIP32Chains = .standard, expectedWalletID: String? = nil,
        existing: Existing = .reject
    ) {
        self.mnemonic = mnemonic
        self.passphrase = passphrase
        self.network = network
        self.title = title
        self.derivation = derivation
        self.chains = chains
        self.expectedWalletID = expectedWalletID
        self.existing = existing
    }
}

/// What ``WalletHost/createOrImportWallet(_:)`` produced.
public struct WalletCreation: Sendable, Equatable {
    /// The live wallet row.
    public let record: WalletRecord
    /// False when the row existed already (and `existing` was `.accept`).
    public let created: Bool

    /// A result from its fields.
    public init(record: WalletRecord, created: Bool) {
        self.record = record
        self.created = created
    }
}

/// Why the host refused or failed. No case carries secret material.
public enum WalletHostError: Error, Equatable, Sendable {
    /// The seed and passphrase are already this wallet of the network.
    case alreadyExists(WalletRecord)
    /// The derived wallet ID differs from the one the caller expected.
    case mismatchedID(expected: String, derived: String)
    /// Keys cannot be derived.
    case derivationFailed
    /// A title must have 1 to 256 bytes.
    case invalidTitle
    /// The vault refused to store or return the mnemonic.
    case vault(VaultError)
    /// The mnemonic read back from the vault differs from what was written; nothing is live.
    case verificationFailed
    /// The wallet row could not be created; the provisional mnemonic was removed.
    case database(DatabaseError)
}

extension WalletHostError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .alreadyExists(let found):
            "this seed is already wallet \(found.walletID.prefix(16)) (\"\(found.title)\") on \(found.network)"
        case .mismatchedID: "the wallet ID derived from the phrase differs from the stored ID; nothing was created"
        case .derivationFailed: "cannot derive keys from the phrase"
        case .invalidTitle: "a title has 1 to 256 bytes"
        case .vault(let error): error.description
        case .verificationFailed: "the vault did not return the mnemonic just stored; nothing was created"
        case .database(let error): error.description
        }
    }
}
