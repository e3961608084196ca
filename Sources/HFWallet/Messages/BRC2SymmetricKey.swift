import HFCrypto

/// A BRC-2 symmetric key, as the reference `SymmetricKey` uses it: AES-256-GCM with a 32-byte IV, and HMAC-SHA256.
///
/// The key is a 256-bit big-endian number held in zeroizing storage. AES always uses it left-padded to 32 bytes;
/// **quirk**: HMAC uses it with its leading zero bytes stripped, as the reference's `BigNumber.toArray()` does
/// (about one key in 256). The wire layout of a ciphertext is `IV(32) ‖ ciphertext ‖ tag(16)`, with no AAD.
public struct BRC2SymmetricKey: Sendable {
    /// The key left-padded to 32 bytes. Secret.
    let secret: SecureBytes

    /// The IV length in bytes.
    public static let ivLength = 32

    /// The longest ciphertext `decrypt` accepts, in bytes (64 MiB).
    public static let maximumCiphertextLength = 64 * 1024 * 1024

    // MARK: - Initializers

    /// Wraps a big-endian key of 1…32 bytes, left-padding it to 32 (the reference accepts a 31-byte X coordinate).
    ///
    /// - Parameter bytes: the key. Secret: the caller should zeroize its copy.
    /// - Throws: `BRC2Error.invalidKeyLength` for an empty key or one over 32 bytes.
    public init(rawRepresentation bytes: [UInt8]) throws(BRC2Error) {
        guard (1...32).contains(bytes.count) else { throw .invalidKeyLength(length: bytes.count) }
        var padded = [UInt8](repeating: 0, count: 32 - bytes.count) + bytes
        secret = SecureBytes(consuming: &padded)
    }

    // MARK: - Properties

    /// The key as 32 big-endian bytes, as AES uses it. Secret: zeroize the copy when done.
    public var rawRepresentation: [UInt8] { secret.bytes }

    /// The key with leading zero bytes stripped, as the reference's HMAC uses it. Secret.
    var hmacKey: [UInt8] {
        var padded = secret.bytes
        defer { Zeroization.zeroize(&padded) }
        return Array(padded.drop { $0 == 0 })
    }

    // MARK: - Methods

    /// Encrypts with AES-256-GCM under a fresh random 32-byte IV.
    ///
    /// - Returns: `IV(32) ‖ ciphertext ‖ tag(16)`.
    public func encrypt(_ plaintext: [UInt8]) -> [UInt8] {
        encrypt(plaintext, iv: SecureRandom.bytes(Self.ivLength))
    }

    /// Encrypts under a given IV; only tests should choose the IV.
    func encrypt(_ plaintext: [UInt8], iv: [UInt8]) -> [UInt8] {
        var key = secret.bytes
        defer { Zeroization.zeroize(&key) }
        // The key is 32 bytes and the IV 32, so only an impossible OpenSSL failure could make this nil.
        guard let box = try? AESGCM.seal(plaintext, key: key, iv: iv) else {
            preconditionFailure("AES-256-GCM encryption failed with valid sizes")
        }
        return iv + box.ciphertext + box.tag
    }

    /// Checks the tag and decrypts `IV(32) ‖ ciphertext ‖ tag(16)`.
    ///
    /// - Throws: `BRC2Error.ciphertextTooShort` under 48 bytes, `.ciphertextTooLong` over
    ///   `maximumCiphertextLength`, and `.authenticationFailed` when the tag does not verify.
    public func decrypt(_ ciphertext: [UInt8]) throws(BRC2Error) -> [UInt8] {
        let minimum = Self.ivLength + AESGCM.tagLength
        guard ciphertext.count >= minimum else { throw .ciphertextTooShort(length: ciphertext.count) }
        guard ciphertext.count <= Self.maximumCiphertextLength else {
            throw .ciphertextTooLong(length: ciphertext.count)
        }
        let tagStart = ciphertext.count - AESGCM.tagLength
        let box = AESGCM.SealedBox(
            ciphertext: Array(ciphertext[Self.ivLength..<tagStart]), tag: Array(ciphertext[tagStart...]))
        var key = secret.bytes
        defer { Zeroization.zeroize(&key) }
        do {
            return try AESGCM.open(box, key: key, iv: Array(ciphertext[..<Self.ivLength]))
        } catch {
            throw .authenticationFailed
        }
    }

    /// HMAC-SHA256 of `data` under the key with leading zero bytes stripped, byte-compatible with the reference.
    public func authenticationCode(for data: [UInt8]) -> [UInt8] {
        var key = hmacKey
        defer { Zeroization.zeroize(&key) }
        return HMAC.sha256(key: key, message: data)
    }

    /// Whether `code` is the HMAC of `data`, compared in constant time.
    public func isValidAuthenticationCode(_ code: [UInt8], for data: [UInt8]) -> Bool {
        constantTimeEqual(authenticationCode(for: data), code)
    }
}

extension BRC2SymmetricKey: CustomStringConvertible {
    /// Never reveals the key.
    public var description: String { "BRC2SymmetricKey(<secret>)" }
}
