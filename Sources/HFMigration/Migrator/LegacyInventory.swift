/// What the attribute-only enumeration of the legacy service shows: the DashSync wallet IDs that have a mnemonic
/// account, and the accounts themselves (to find the chain lists).
public struct LegacyInventory: Sendable {
    /// Every account of the service, sorted.
    public let accounts: [String]
    /// The DashSync wallet IDs of the `WALLET_MNEMONIC_KEY_*` accounts, sorted.
    public let mnemonicWalletIDs: [String]

    /// Enumerates `keychain` (no item is read).
    ///
    /// - Throws: `LegacyKeychainError.enumerationFailed` or `.malformedAccountName`.
    public init(enumerating keychain: LegacyKeychain) throws(LegacyKeychainError) {
        accounts = try keychain.accounts()
        mnemonicWalletIDs = accounts.compactMap(DashSyncLayout.walletID(fromMnemonicAccount:))
    }
}
