public import HFCrypto

/// BRC-42 key derivation (BKDS, "Type-42").
///
/// With my private key `a`, the counterparty's public key `B` and an invoice number `inv`:
/// `S = a·B` (the raw ECDH point, not hashed), `h = HMAC-SHA256(key: compressed(S), message: UTF-8(inv)) mod n`.
/// My child private key is `(a + h) mod n`; the sender, holding `b` with `b·A = a·B`, computes my child public key as
/// `A + h·G`. Invoice strings are used as UTF-8 text, never decoded. `S` and `h` are secret.
public enum BRC42 {
    /// `h = HMAC-SHA256(compressed(S), UTF-8(invoice))`, reduced mod n. Secret: zeroize it when done.
    ///
    /// - Parameters:
    ///   - sharedPointKey: the 33-byte compressed shared point `S`. Secret.
    ///   - invoiceNumber: the invoice string.
    public static func tweak(sharedPointKey: [UInt8], invoiceNumber: String) -> [UInt8] {
        var mac = HMAC.sha256(key: sharedPointKey, message: Array(invoiceNumber.utf8))
        defer { Zeroization.zeroize(&mac) }
        return Scalar.reducedModOrder(mac)
    }

    /// My child private key for a counterparty and invoice: `(a + h) mod n` with `h` from `a·B`.
    ///
    /// - Parameters:
    ///   - privateKey: my key `a`.
    ///   - counterparty: the other party's public key `B` (my own public key for "self", `G` for "anyone").
    ///   - invoiceNumber: the invoice string, e.g. `"1-wallet-0"`.
    /// - Throws: `BRC42Error`, only for the negligible cases of a zero result.
    public static func childPrivateKey(
        of privateKey: PrivateKey, counterparty: PublicKey, invoiceNumber: String
    ) throws(BRC42Error) -> PrivateKey {
        var shared = try sharedPointKey(privateKey, counterparty)
        defer { Zeroization.zeroize(&shared) }
        return try childPrivateKey(of: privateKey, sharedPointKey: shared, invoiceNumber: invoiceNumber)
    }

    /// The counterparty's child public key, computed by the sender: `A + h·G` with `h` from `b·A`.
    ///
    /// - Parameters:
    ///   - recipient: the recipient's public key `A`.
    ///   - senderPrivateKey: my key `b`.
    ///   - invoiceNumber: the invoice string.
    /// - Throws: `BRC42Error`, only for the negligible case of a point at infinity.
    public static func childPublicKey(
        of recipient: PublicKey, senderPrivateKey: PrivateKey, invoiceNumber: String
    ) throws(BRC42Error) -> PublicKey {
        var shared = try sharedPointKey(senderPrivateKey, recipient)
        defer { Zeroization.zeroize(&shared) }
        return try childPublicKey(of: recipient, sharedPointKey: shared, invoiceNumber: invoiceNumber)
    }

    /// `(a + h) mod n` from a precomputed compressed shared point (the Type42 fast path).
    static func childPrivateKey(
        of privateKey: PrivateKey, sharedPointKey: [UInt8], invoiceNumber: String
    ) throws(BRC42Error) -> PrivateKey {
        var h = tweak(sharedPointKey: sharedPointKey, invoiceNumber: invoiceNumber)
        defer { Zeroization.zeroize(&h) }
        do { return try privateKey.adding(tweak: h) } catch { throw .invalidChildKey }
    }

    /// `A + h·G` from a precomputed compressed shared point (the Type42 fast path).
    static func childPublicKey(
        of publicKey: PublicKey, sharedPointKey: [UInt8], invoiceNumber: String
    ) throws(BRC42Error) -> PublicKey {
        var h = tweak(sharedPointKey: sharedPointKey, invoiceNumber: invoiceNumber)
        defer { Zeroization.zeroize(&h) }
        do { return try publicKey.adding(tweakTimesGenerator: h) } catch { throw .invalidChildKey }
    }

    /// `compressed(privateKey · publicKey)`. Secret.
    static func sharedPointKey(_ privateKey: PrivateKey, _ publicKey: PublicKey) throws(BRC42Error) -> [UInt8] {
        do { return try privateKey.sharedPoint(with: publicKey).compressed } catch { throw .sharedPointFailed }
    }
}

/// Why a BRC-42 derivation failed. Both cases are practically impossible with valid keys; no case carries keys.
public enum BRC42Error: Error, Equatable, Sendable {
    /// The ECDH multiplication failed.
    case sharedPointFailed
    /// The child key would be zero (or the point at infinity).
    case invalidChildKey
}

extension BRC42Error: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .sharedPointFailed: "the shared secret of the two keys cannot be computed"
        case .invalidChildKey: "the derived key would be invalid; use another invoice number"
        }
    }
}
