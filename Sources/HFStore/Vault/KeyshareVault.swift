public import HFCrypto

/// Maps stable keyshare ids (such as `wallet-<walletId>`) to secret bytes: the only path to local key material (seed
/// 003). Ids are not secret and never contain secrets; values are.
public protocol KeyshareVault: AnyObject {
    /// Stores `data` under `id`, replacing any previous value.
    func write(id: String, data: SecureBytes) throws(VaultError)
    /// The value stored under `id`.
    func read(id: String) throws(VaultError) -> SecureBytes
    /// Removes `id`; removing a missing id is not an error.
    func delete(id: String) throws(VaultError)
    /// Every stored id, sorted.
    func ids() throws(VaultError) -> [String]
}
