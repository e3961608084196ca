/// The remote step of a keyshare deletion (docs/requirements/vaults.md: `devices.revoke()` or a key rotation), supplied by the caller.
///
/// ``confirm(keyshareID:)`` returns only once the remote side (a co-signer) has processed the change, with its
/// receipt; it throws when it has not. ``KeyshareDeletion`` calls it before touching anything local.
public protocol RemoteRevocation {
    /// Asks the remote side to revoke `keyshareID` and waits for its confirmation.
    func confirm(keyshareID: String) async throws -> RevocationReceipt
}

/// The remote side's confirmation that it processed the revocation of one keyshare.
public struct RevocationReceipt: Equatable, Sendable {
    /// The keyshare the remote side revoked.
    public let keyshareID: String
    /// The remote side's reference for the revocation (opaque, for the product's records).
    public let reference: String

    /// A receipt for `keyshareID`.
    public init(keyshareID: String, reference: String) {
        self.keyshareID = keyshareID
        self.reference = reference
    }
}

/// The product's own record of a keyshare (for the signer: the wallet row), removed together with the vault entry so
/// that there is no moment where the product thinks the key exists and the vault disagrees.
public protocol KeyshareProductState {
    /// Removes the product's record of `keyshareID` and, inside the same transaction, calls `deleteEntry` (which
    /// deletes the vault entry). If `deleteEntry` throws, the product's change must be rolled back and the error
    /// rethrown.
    func remove(keyshareID: String, deleteEntry: () throws -> Void) throws
}
