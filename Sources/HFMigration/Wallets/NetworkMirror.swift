public import HFPrimitives
public import HFStore
import HFWallet

/// Mirrors a wallet onto another network (the same seed, the other network's deterministic ID) through the host
/// boundary. Always the source network's active wallet, resolved by its ID: never "the first stored mnemonic",
/// which picked the wrong wallet once more than one existed.
public struct NetworkMirror {
    private let database: Database
    private let vault: any KeyshareVault
    private let host: any WalletHost

    /// A mirror over `database` and `vault`, creating rows through `host`.
    public init(database: Database, vault: any KeyshareVault, host: any WalletHost) {
        self.database = database
        self.vault = vault
        self.host = host
    }

    /// Creates (or finds) the active wallet of `source` on `target`.
    ///
    /// - Returns: the target wallet, or nil when `source` has no wallet.
    public func mirrorActiveWallet(from source: Network, to target: Network) throws(WalletHostError) -> WalletRecord? {
        let active: WalletRecord?
        do { active = try ActiveWalletRegistry(database: database).activeWallet(for: source) } catch { throw .database(error) }
        guard let active else { return nil }
        guard let entry = VaultWalletEntry.read(active.walletID, from: vault) else {
            throw .vault(.missing(id: active.vaultID))
        }
        let request = WalletCreationRequest(
            mnemonic: entry.mnemonic, passphrase: entry.passphrase, network: target, title: active.title,
            derivation: active.derivation, expectedWalletID: entry.walletID(on: target),
            existing: .accept)
        return try host.createOrImportWallet(request).record
    }
}
