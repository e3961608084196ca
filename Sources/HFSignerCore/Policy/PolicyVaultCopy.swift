import HFBundles
import HFCrypto
import HFStore

/// The copy of the spending policy kept inside the store's vault (item `spending-policy`: the policy's canonical
/// JSON with its passphrase verifier, as a backup holds it), next to the row in `signer.sqlite` that hf-signer reads.
///
/// The vault is encrypted under the store passphrase, the database is not: a policy row deleted or changed outside
/// hf-signer (with `sqlite3`) no longer matches the vault's copy, and signing is refused until `policy set` with the
/// policy passphrase (checked against the vault's copy) puts a policy back. A home whose policy was set before the
/// copy existed has none and is checked as before; the next `policy set` writes it. Someone who also rewrites the
/// vault with their own tools is beyond what any software on the same disk can stop.
enum PolicyVaultCopy {
    /// The vault item's id.
    static let itemID = "spending-policy"

    /// The copy in `vault`, nil when there is none.
    /// - Throws: `SignerError.vault`; `.rejected` for a copy that does not decode.
    static func load(_ vault: any KeyshareVault) throws(SignerError) -> StoredPolicy? {
        let bytes: SecureBytes
        do {
            guard try vault.ids().contains(itemID) else { return nil }
            bytes = try vault.read(id: itemID)
        } catch { throw .vault(error) }
        do { return try BackupPolicyMapping.stored(try BackupPolicy(decoding: bytes.bytes)) } catch {
            throw .rejected(reason: "the spending policy kept in the vault does not decode: \(error)")
        }
    }

    /// Replaces the copy with `stored` (nil removes it).
    static func save(_ stored: StoredPolicy?, vault: any KeyshareVault) throws(SignerError) {
        do {
            if let stored {
                var bytes = try BackupPolicyMapping.backup(stored).encoded()
                try vault.write(id: itemID, data: SecureBytes(consuming: &bytes))
            } else if try vault.ids().contains(itemID) {
                try vault.delete(id: itemID)
            }
        } catch let error as VaultError {
            throw .vault(error)
        } catch let error as SignerError {
            throw error
        } catch {
            throw .rejected(reason: "\(error)")
        }
    }

    /// Whether the row and the copy say the same (rules and verifier; the time set is not compared).
    static func same(_ row: StoredPolicy?, _ copy: StoredPolicy) -> Bool {
        guard let row else { return false }
        return row.policy == copy.policy && row.passphrase == copy.passphrase
    }

    /// Refuses signing when the vault holds a copy the row does not match (deleted or changed outside hf-signer).
    /// - Throws: `SignerError.policy(.tampered)` (77).
    static func check(_ row: StoredPolicy?, vault: any KeyshareVault) throws(SignerError) {
        guard let copy = try load(vault), !same(row, copy) else { return }
        throw .policy(.tampered)
    }
}
