import HFMigration
import HFPrimitives
import HFStore
public import HFWallet

/// Why the user asks for a wipe (the authorizations of docs/requirements/legacy-migration.md), as the command line names them.
public enum WipeRequest: Sendable {
    /// The recovery flow: authorized by the phrase of a stored wallet.
    case recovery(Mnemonic)
    /// `delete-all`, confirmed by the user.
    case deleteAll
    /// `zero-balance`: authorized when the active mainnet wallet's confirmed balance is 0.
    case zeroBalance
    /// `debug-reset`.
    case debugReset
}

/// What `wallet remove` deleted (`--json`: `{"legacyAccountsRemoved","walletIdsRemoved"}`).
public struct RemovalResult: Sendable, Equatable, Encodable {
    public let walletIdsRemoved: [String]
    public let legacyAccountsRemoved: Int
}

/// What a successful `wipe` removed (`--json`: `{"legacyAccountsRemoved","reason","walletsRemoved"}`).
public struct WipeResult: Sendable, Equatable, Encodable {
    public let reason: String
    public let walletsRemoved: Int
    public let legacyAccountsRemoved: Int
}

/// `wallet remove` and `wipe` as session use cases.
extension SignerSession {
    /// Removes the selected wallet (its seed on every network), live network last; the vault items go after the
    /// commit.
    public func removeWallet(
        _ selection: WalletSelection, secrets: any SignerSecrets
    ) throws(SignerError) -> (wallet: WalletInfo, result: RemovalResult) {
        let vault = try openVault(secrets)
        try legacyGate(vault: vault)
        let wallet = try SignerWallets(home: home, network: network).select(selection)
        let result = try SignerRemoval(home: home, vault: vault).remove(wallet, liveNetwork: network)
        return (wallet, RemovalResult(walletIdsRemoved: result.walletIdsRemoved, legacyAccountsRemoved: result.legacyAccountsRemoved))
    }

    /// Wipes every wallet under `request`.
    /// In a home with a spending policy the wipe (which removes the policy with everything) needs its passphrase.
    public func wipe(
        _ request: WipeRequest, secrets: any SignerSecrets, policySecrets: any PolicySecrets
    ) throws(SignerError) -> WipeResult {
        let vault = try openVault(secrets)
        try PolicyGuard.require(home: home, vault: vault.store, secrets: policySecrets)
        let reason: WipeReason =
            switch request {
            case .recovery(let mnemonic): .recoveryFlow(mnemonic)
            case .deleteAll: .confirmedDeleteAll
            case .zeroBalance: .zeroBalance(activeNetwork: network, confirmedBalance: try activeMainnetBalance(vault))
            case .debugReset: .debugReset
            }
        let result = try SignerRemoval(home: home, vault: vault).wipe(reason)
        // The policy went with the wipe (its passphrase was given): its copy in the vault goes too.
        try PolicyVaultCopy.save(nil, vault: vault.store)
        return WipeResult(
            reason: result.reason, walletsRemoved: result.walletsRemoved, legacyAccountsRemoved: result.legacyAccountsRemoved)
    }

    /// The active wallet's confirmed balance on mainnet, or `UInt64.max` when it cannot be shown (no wallet, or
    /// not mainnet, where the balance never authorizes anyway).
    private func activeMainnetBalance(_ vault: SignerVault) throws(SignerError) -> UInt64 {
        guard network == .main else { return .max }
        let wallets = SignerWallets(home: home, network: network)
        guard let wallet = try? wallets.select(.defaultWallet) else { return .max }
        let keys = try wallets.keys(for: wallet, vault: vault)
        let book = AddressBook(home: home, wallet: wallet, keys: keys)
        return try WalletLedger(home: home, book: book, chain: try chain()).balance(walletID: wallet.walletID).confirmed
    }
}
