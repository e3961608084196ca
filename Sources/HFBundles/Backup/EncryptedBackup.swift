public import HFCrypto

/// A `.bep` password-encrypted backup (docs/design.md §4), binary:
///
/// ```
/// "HFBK1" (5) ‖ salt (16) ‖ iterations (u32 big-endian) ‖ nonce (12) ‖ AES-256-GCM ciphertext ‖ tag (16)
/// key = PBKDF2-HMAC-SHA256(password, salt, iterations, 32 bytes); AAD = the 37 header bytes
/// ```
///
/// `init(decoding:)` checks the structure without a password (size, magic, length, iteration range); `open` then
/// derives the key and authenticates. The iteration range is enforced before any key derivation: readers accept
/// 100,000…10,000,000, writers use 600,000…10,000,000 (600,000 by default).
///
/// The password is the UTF-8 bytes exactly as the caller gives them (no trimming, no Unicode normalization).
/// Passwords, derived keys and plaintext stay in `SecureBytes` or are zeroized after use.
public struct EncryptedBackup: Hashable, Sendable {
    /// The 5-byte magic prefix, ASCII `HFBK1`.
    public static let magic: [UInt8] = Array("HFBK1".utf8)
    /// The header length, which is also the AAD: magic, salt, iterations and nonce (37 bytes).
    public static let headerLength = 37
    /// The shortest possible file: the header and the tag around an empty ciphertext (53 bytes).
    public static let minimumLength = headerLength + AESGCM.tagLength
    /// The iteration counts a reader accepts.
    public static let readableIterations: ClosedRange<UInt32> = 100_000...10_000_000
    /// The iteration counts a writer may use.
    public static let writableIterations: ClosedRange<UInt32> = 600_000...10_000_000
    /// The default iteration count for new backups.
    public static let defaultIterations: UInt32 = 600_000

    /// The 16-byte PBKDF2 salt.
    public let salt: [UInt8]
    /// The PBKDF2 iteration count, within `readableIterations`.
    public let iterations: UInt32
    /// The 12-byte AES-GCM nonce.
    public let nonce: [UInt8]
    /// The ciphertext, as long as the plaintext.
    public let ciphertext: [UInt8]
    /// The 16-byte authentication tag.
    public let tag: [UInt8]

    // MARK: - Initializers

    /// Splits a `.bep` file into its parts and checks its structure; no key is derived.
    ///
    /// A file shorter than the magic whose bytes are a prefix of it (the empty file included) is `.truncated`.
    /// - Throws: `BackupError.tooLarge`, `.badMagic`, `.truncated` or `.iterationsOutOfRange`, in that order.
    public init(decoding bytes: [UInt8]) throws(BackupError) {
        guard bytes.count <= BundleLimits.maxBundleBytes else {
            throw .tooLarge(size: bytes.count, limit: BundleLimits.maxBundleBytes)
        }
        let magicLength = min(bytes.count, Self.magic.count)
        guard bytes[0..<magicLength].elementsEqual(Self.magic[0..<magicLength]) else { throw .badMagic }
        guard bytes.count >= Self.minimumLength else {
            throw .truncated(size: bytes.count, minimum: Self.minimumLength)
        }
        let iterations = UInt32(bytes[21]) << 24 | UInt32(bytes[22]) << 16 | UInt32(bytes[23]) << 8 | UInt32(bytes[24])
        guard Self.readableIterations.contains(iterations) else {
            throw .iterationsOutOfRange(iterations, allowed: Self.readableIterations)
        }
        salt = Array(bytes[5..<21])
        self.iterations = iterations
        nonce = Array(bytes[25..<37])
        ciphertext = Array(bytes[37..<(bytes.count - AESGCM.tagLength)])
        tag = Array(bytes[(bytes.count - AESGCM.tagLength)...])
    }

    /// Wraps parts made by `seal`.
    private init(salt: [UInt8], iterations: UInt32, nonce: [UInt8], box: AESGCM.SealedBox) {
        self.salt = salt
        self.iterations = iterations
        self.nonce = nonce
        ciphertext = box.ciphertext
        tag = box.tag
    }

    // MARK: - Properties

    /// The 37 header bytes (magic ‖ salt ‖ iterations big-endian ‖ nonce), authenticated as the AAD.
    public var header: [UInt8] {
        let count = [UInt8(iterations >> 24), UInt8(iterations >> 16 & 0xff), UInt8(iterations >> 8 & 0xff),
            UInt8(iterations & 0xff)]
        return Self.magic + salt + count + nonce
    }

    // MARK: - Methods

    /// The file's bytes: header ‖ ciphertext ‖ tag.
    public func encoded() -> [UInt8] {
        header + ciphertext + tag
    }

    /// Derives the key from `password` and decrypts.
    /// - Parameter password: the password's UTF-8 bytes. Secret.
    /// - Returns: the plaintext (for hf-signer, a canonical `BackupDocument`), in zeroizing storage.
    /// - Throws: `BackupError.wrongPasswordOrDamaged` when the tag does not verify.
    public func open(password: SecureBytes) throws(BackupError) -> SecureBytes {
        var key = Self.deriveKey(password: password, salt: salt, iterations: iterations)
        defer { Zeroization.zeroize(&key) }
        do {
            var plaintext = try AESGCM.open(
                AESGCM.SealedBox(ciphertext: ciphertext, tag: tag), key: key, iv: nonce, aad: header)
            return SecureBytes(consuming: &plaintext)
        } catch {
            throw .wrongPasswordOrDamaged
        }
    }

    /// Checks the structure of `bytes`, then opens it (`init(decoding:)` then `open(password:)`).
    /// - Throws: as those two.
    public static func open(_ bytes: [UInt8], password: SecureBytes) throws(BackupError) -> SecureBytes {
        try EncryptedBackup(decoding: bytes).open(password: password)
    }

    /// Encrypts `plaintext` under `password` with a fresh random salt and nonce.
    /// - Parameters:
    ///   - plaintext: the content (for hf-signer, `BackupDocument.encoded()`). Secret.
    ///   - password: the password's UTF-8 bytes, not empty. Secret.
    ///   - iterations: PBKDF2 iterations within `writableIterations`; 600,000 by default.
    /// - Throws: `BackupError.emptyPassword`, `.iterationsOutOfRange` or `.plaintextTooLarge`.
    public static func seal(
        plaintext: SecureBytes, password: SecureBytes, iterations: UInt32 = defaultIterations
    ) throws(BackupError) -> EncryptedBackup {
        guard writableIterations.contains(iterations) else {
            throw .iterationsOutOfRange(iterations, allowed: writableIterations)
        }
        return try seal(
            plaintext: plaintext, password: password, iterations: iterations, salt: SecureRandom.bytes(16),
            nonce: SecureRandom.bytes(12))
    }

    /// Encrypts with a given salt and nonce and any readable iteration count. For known-answer tests only: a
    /// nonce must never be reused with the same key.
    static func seal(
        plaintext: SecureBytes, password: SecureBytes, iterations: UInt32, salt: [UInt8], nonce: [UInt8]
    ) throws(BackupError) -> EncryptedBackup {
        precondition(salt.count == 16 && nonce.count == 12, "EncryptedBackup.seal: salt is 16 bytes, nonce 12")
        guard password.count > 0 else { throw .emptyPassword }
        guard readableIterations.contains(iterations) else {
            throw .iterationsOutOfRange(iterations, allowed: readableIterations)
        }
        let limit = BundleLimits.maxBundleBytes - minimumLength
        guard plaintext.count <= limit else { throw .plaintextTooLarge(size: plaintext.count, limit: limit) }
        var key = deriveKey(password: password, salt: salt, iterations: iterations)
        var message = plaintext.bytes
        defer {
            Zeroization.zeroize(&key)
            Zeroization.zeroize(&message)
        }
        let unsealed = EncryptedBackup(
            salt: salt, iterations: iterations, nonce: nonce, box: AESGCM.SealedBox(ciphertext: [], tag: []))
        do {
            let box = try AESGCM.seal(message, key: key, iv: nonce, aad: unsealed.header)
            return EncryptedBackup(salt: salt, iterations: iterations, nonce: nonce, box: box)
        } catch {
            preconditionFailure("AES-256-GCM with a 32-byte key and 12-byte nonce cannot fail: \(error)")
        }
    }

    /// `PBKDF2-HMAC-SHA256(password, salt, iterations, 32)`. The result is secret: zeroize it.
    private static func deriveKey(password: SecureBytes, salt: [UInt8], iterations: UInt32) -> [UInt8] {
        var passwordBytes = password.bytes
        defer { Zeroization.zeroize(&passwordBytes) }
        return PBKDF2.sha256(password: passwordBytes, salt: salt, iterations: Int(iterations), keyLength: 32)
    }
}
