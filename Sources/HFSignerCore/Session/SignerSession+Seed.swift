extension SignerSession {
    /// The recovery phrase of the selected wallet of the session's network, for `wallet show-seed`: opens the vault
    /// (asking `secrets` for the store passphrase), passes the legacy gate, and reads the phrase checked against the
    /// wallet's identity key. Nothing is written and nothing is logged.
    ///
    /// - Throws: `SignerError` as `openWallet(_:secrets:)`: a wrong passphrase, no such wallet, a vault secret that
    ///   does not match the wallet.
    public func revealSeed(
        _ selection: WalletSelection, secrets: any SignerSecrets, policySecrets: any PolicySecrets
    ) throws(SignerError) -> RevealedSeed {
        let vault = try openVault(secrets)
        // A seed shown is a seed any wallet software signs with, policy or not: a home with a policy needs its
        // passphrase first.
        try PolicyGuard.require(home: home, vault: vault.store, secrets: policySecrets)
        try legacyGate(vault: vault)
        let wallets = SignerWallets(home: home, network: network)
        let info = try wallets.select(selection)
        let secret = try wallets.secret(for: info, vault: vault)
        return RevealedSeed(wallet: info, mnemonic: secret.mnemonic, hasBIP39Passphrase: !secret.passphrase.isEmpty)
    }
}
