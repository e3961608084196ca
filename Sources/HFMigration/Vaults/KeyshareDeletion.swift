public import HFStore

/// The delete flow of docs/requirements/vaults.md (device revoke, key rotation): remote confirmation first, then local deletion of the
/// vault entry together with the product's state.
///
/// Order: the id is validated and must exist in the vault; ``RemoteRevocation/confirm(keyshareID:)`` runs; its
/// receipt must name the same id; only then does ``KeyshareProductState/remove(keyshareID:deleteEntry:)`` remove
/// the product's record and the vault entry in one transaction. Any failure before that leaves everything in place.
public enum KeyshareDeletion {
    /// Deletes `keyshareID` from `vault` once `remote` confirmed its revocation.
    ///
    /// - Returns: the remote side's receipt.
    /// - Throws: ``KeyshareDeletionError``.
    public static func delete(
        keyshareID: String, from vault: any KeyshareVault, remote: any RemoteRevocation,
        productState: any KeyshareProductState
    ) async throws(KeyshareDeletionError) -> RevocationReceipt {
        do { _ = try vault.read(id: keyshareID) } catch { throw .vault(error) }
        let receipt: RevocationReceipt
        do { receipt = try await remote.confirm(keyshareID: keyshareID) } catch {
            throw .notConfirmed(reason: String(describing: error))
        }
        guard receipt.keyshareID == keyshareID else { throw .receiptMismatch(expected: keyshareID, got: receipt.keyshareID) }
        do {
            try productState.remove(keyshareID: keyshareID) {
                try vault.delete(id: keyshareID)
            }
        } catch let error as VaultError {
            throw .vault(error)
        } catch {
            throw .productState(reason: String(describing: error))
        }
        return receipt
    }
}

/// Why a keyshare deletion stopped; in every case the vault entry and the product state are unchanged.
public enum KeyshareDeletionError: Error, Equatable, Sendable {
    /// The vault refused (the id is invalid or missing, or the deletion itself failed and was rolled back).
    case vault(VaultError)
    /// The remote side did not confirm the revocation.
    case notConfirmed(reason: String)
    /// The receipt names another keyshare.
    case receiptMismatch(expected: String, got: String)
    /// The product state could not be updated (rolled back).
    case productState(reason: String)
}

extension KeyshareDeletionError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .vault(let error): error.description
        case .notConfirmed(let reason): "the remote side did not confirm the revocation (\(reason)); nothing was deleted"
        case .receiptMismatch(let expected, let got):
            "the revocation receipt is for '\(got)', not '\(expected)'; nothing was deleted"
        case .productState(let reason): "the product state could not be updated (\(reason)); nothing was deleted"
        }
    }
}
