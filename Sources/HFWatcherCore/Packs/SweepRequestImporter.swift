public import HFBundles
import HFCrypto
import HFPrimitives
import HFStore

/// Imports a signer's `.hfsweep`: the signature must verify and its identity key must be the one the watcher already
/// trusts for the wallet (from an accepted `.hfaddrpack`; a sweep request never establishes trust). Its addresses
/// are then watched like the wallet's own (scheme `sweep`), so `sync` fetches their history and proofs and
/// `export receipts` carries payments to them.
public enum SweepRequestImporter {
    /// Verifies and stores `request` (one transaction).
    /// - Throws: `WatcherError.rejected` for a bad signature, an unknown wallet or another identity key.
    public static func importRequest(
        _ request: SweepRequestBundle, home: WatcherHome
    ) throws(WatcherError) -> AddressPackImporter.Outcome {
        guard request.verifySignature() else {
            throw .rejected(reason: "the sweep request's signature does not verify; it was altered or is not from a signer")
        }
        let walletID = request.walletID.hex
        let identity = request.identityKey.compressed.hex
        let wallets = WatchedWallets(database: home.database, network: request.network.rawValue)
        return try home.database.transaction { () throws(WatcherError) -> AddressPackImporter.Outcome in
            let trusted: String?
            do throws(DatabaseError) { trusted = try wallets.trustedIdentity(walletID: walletID) } catch {
                throw .database(error)
            }
            guard let trusted else {
                throw .rejected(
                    reason: "wallet \(walletID.prefix(16)) is not watched yet; import its .hfaddrpack (and trust its "
                        + "identity key) first")
            }
            guard constantTimeEqual(Array(trusted.utf8), Array(identity.utf8)) else {
                throw .rejected(
                    reason: "the sweep request for wallet \(walletID.prefix(16)) is signed by identity key \(identity), "
                        + "not the trusted \(trusted); refusing it")
            }
            let entries = request.addresses.map { address in
                WatchedWallets.Entry(address: address.string, walletID: walletID, scheme: "sweep", reference: "sweep")
            }
            let added: Int
            do throws(DatabaseError) { added = try wallets.add(entries) } catch { throw .database(error) }
            return AddressPackImporter.Outcome(
                kind: "hfsweep", accepted: true, walletId: walletID, addresses: request.addresses.count, added: added)
        }
    }
}
