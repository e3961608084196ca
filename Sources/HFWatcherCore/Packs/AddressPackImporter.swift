import Foundation
public import HFBundles
import HFCrypto
import HFPrimitives
import HFStore

/// Imports a signer's `.hfaddrpack` (docs/design.md §4): the signature must verify and the identity key must be the one the
/// watcher trusts for that wallet; the first pack of a wallet needs the user to confirm its identity key.
public enum AddressPackImporter {
    /// What an accepted pack did.
    public struct Outcome: Encodable, Sendable, Equatable {
        public let kind: String
        public let accepted: Bool
        public let walletId: String
        /// Addresses in the pack.
        public let addresses: Int
        /// Addresses not watched before.
        public let added: Int
    }

    /// Verifies and stores `pack` (one transaction).
    ///
    /// - Parameters:
    ///   - trustIdentity: the identity key (66 hex) the user confirmed with `--trust-identity`, if any.
    ///   - source: the pack's file as the user named it, for the command a refusal suggests.
    /// - Throws: `WatcherError.rejected` for a bad signature, an unconfirmed first identity key, or a changed one.
    public static func importPack(
        _ pack: AddressPackBundle, trustIdentity: String?, home: WatcherHome, source: String = "F.hfaddrpack"
    ) throws(WatcherError) -> Outcome {
        guard pack.verifySignature() else {
            throw .rejected(reason: "the address pack's signature does not verify; it was altered or is not from a signer")
        }
        let walletID = pack.walletID.hex
        let identity = pack.identityKey.compressed.hex
        let wallets = WatchedWallets(database: home.database, network: pack.network.rawValue)
        return try home.database.transaction { () throws(WatcherError) -> Outcome in
            let trusted: String?
            do throws(DatabaseError) { trusted = try wallets.trustedIdentity(walletID: walletID) } catch {
                throw .database(error)
            }
            if let trusted {
                guard constantTimeEqual(Array(trusted.utf8), Array(identity.utf8)) else {
                    throw .rejected(
                        reason: "the pack for wallet \(walletID.prefix(16)) is signed by identity key \(identity), "
                            + "not the trusted \(trusted); refusing it")
                }
            } else {
                guard let trustIdentity, trustIdentity.lowercased() == identity else {
                    throw .rejected(
                        reason: "wallet \(walletID.prefix(16)) is new: check that `hf-signer wallet show` on the "
                            + "offline machine shows the identity key \(identity), then import it with "
                            + "`hf-watcher import \(source) --trust-identity \(identity)`")
                }
                let trustedAt = try now()
                do throws(DatabaseError) { try wallets.trust(walletID: walletID, identityKey: identity, at: trustedAt) } catch {
                    throw .database(error)
                }
            }
            let entries = pack.entries.map { entry in
                WatchedWallets.Entry(
                    address: entry.address.string, walletID: walletID, scheme: entry.scheme.rawValue,
                    reference: entry.reference)
            }
            let added: Int
            do throws(DatabaseError) { added = try wallets.add(entries) } catch { throw .database(error) }
            return Outcome(kind: "hfaddrpack", accepted: true, walletId: walletID, addresses: pack.entries.count, added: added)
        }
    }

    /// The time recorded with a row (a trusted identity key, a transaction seen): the system clock, never a default.
    /// - Throws: `WatcherError.configuration` when the clock reads a time no timestamp can hold.
    static func now() throws(WatcherError) -> String {
        do { return try RFC3339Timestamp.now().text } catch {
            throw .configuration(reason: "the system clock cannot be read as a date (\(error)); set the clock, then import again")
        }
    }
}
