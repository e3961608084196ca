import Foundation
public import HFBundles
import HFCrypto
import HFPrimitives
public import HFProtocols
public import HFWallet

/// `auth approve`: answers an `hfauth:` login request with the wallet's identity key (`m/13'/0'`, docs/design.md §3).
///
/// The identity key signs `AuthMessage(domain, callback, challenge)` (ECDSA over SHA-256, DER), so the answer is
/// bound to the service and the callback it names and cannot be replayed to another.
public enum AuthApproval {
    /// The request in `payload` (surrounding whitespace, such as a final newline, is ignored).
    /// - Throws: `SignerError.rejected` naming the rule the payload breaks.
    public static func request(_ payload: String) throws(SignerError) -> AuthRequest {
        do { return try AuthRequest(payload: payload.trimmingCharacters(in: .whitespacesAndNewlines)) } catch {
            throw .rejected(reason: error.description)
        }
    }

    /// The signed answer to `request` from the wallet of `keys`.
    /// - Throws: `SignerError.rejected` if the time cannot be recorded.
    public static func approve(_ request: AuthRequest, keys: WalletKeys) throws(SignerError) -> AuthResponseBundle {
        let createdAt: RFC3339Timestamp
        do { createdAt = try RFC3339Timestamp.now() } catch {
            throw .rejected(reason: "\(error)")
        }
        return AuthResponseBundle.approving(
            request, network: keys.network, identityKey: keys.identityPrivateKey, createdAt: createdAt)
    }
}
