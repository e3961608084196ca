public import HFCrypto
public import HFPrimitives

/// Bitcoin Signed Message (BSM), as the reference `compat/BSM.ts` and bitcoinjs-message implement it.
///
/// `magicHash(m) = hash256(0x18 ‖ "Bitcoin Signed Message:\n" ‖ CompactSize(len(m)) ‖ m)`. A signature is an
/// RFC 6979, low-S ECDSA signature over that hash in the recoverable compact form of `BSMSignature`. Verification
/// recovers the public key and compares it with an address (HASH160 of the key, serialized compressed or not as the
/// header says) or with a public key.
public enum BitcoinSignedMessage {
    /// The magic prefix, without its length byte.
    public static let magic = "Bitcoin Signed Message:\n"

    // MARK: - Hashing

    /// The 32-byte digest that is signed for `message`.
    public static func magicHash(_ message: [UInt8]) -> [UInt8] {
        let prefix = Array(magic.utf8)
        var framed = CompactSize.encode(UInt64(prefix.count)) + prefix
        framed += CompactSize.encode(UInt64(message.count)) + message
        return Hash.hash256(framed)
    }

    /// The digest signed for the UTF-8 bytes of `message`.
    public static func magicHash(_ message: String) -> [UInt8] { magicHash(Array(message.utf8)) }

    // MARK: - Signing

    /// Signs `message`.
    ///
    /// - Parameters:
    ///   - message: the message bytes (use `Array(text.utf8)` for text).
    ///   - key: the signing key.
    ///   - compressed: whether the signer's address uses the compressed public key (header 31–34); true for every
    ///     address this wallet makes.
    /// - Throws: `BSMError.signingFailed` (practically never).
    public static func sign(
        _ message: [UInt8], with key: PrivateKey, compressed: Bool = true
    ) throws(BSMError) -> BSMSignature {
        guard let signature = try? key.recoverableSignature(forDigest: magicHash(message)) else {
            throw .signingFailed
        }
        return BSMSignature(recoverable: signature, isCompressed: compressed)
    }

    // MARK: - Verification

    /// Recovers the public key that signed `message`.
    ///
    /// - Throws: `BSMError.recoveryFailed` when no key matches.
    public static func recoverPublicKey(from signature: BSMSignature, message: [UInt8]) throws(BSMError) -> PublicKey {
        do {
            return try PublicKey(recovering: signature.recoverable, forDigest: magicHash(message))
        } catch {
            throw .recoveryFailed
        }
    }

    /// Whether `signature` signs `message` for `address`.
    ///
    /// The recovered key is serialized compressed or uncompressed as the header says, and its HASH160 compared with
    /// the address's; the address's network is not part of the signature. Malformed signatures give false.
    public static func isValid(_ signature: String, message: [UInt8], address: Address) -> Bool {
        guard let parsed = try? BSMSignature(base64: signature),
            let key = try? recoverPublicKey(from: parsed, message: message)
        else { return false }
        let serialized = parsed.isCompressed ? key.compressed : key.uncompressed
        return Hash.hash160(serialized) == address.hash160
    }

    /// Whether `signature` signs `message` with `publicKey`. The header's compression flag is not checked, since a
    /// public key names the point, not an address. Malformed signatures give false.
    public static func isValid(_ signature: String, message: [UInt8], publicKey: PublicKey) -> Bool {
        guard let parsed = try? BSMSignature(base64: signature),
            let key = try? recoverPublicKey(from: parsed, message: message)
        else { return false }
        return key == publicKey
    }
}
