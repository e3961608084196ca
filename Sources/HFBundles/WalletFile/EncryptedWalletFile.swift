public import HFCrypto

/// An encrypted wallet file (`.hfwallet`): a wallet's non-secret state, sealed with AES-256-GCM under a random
/// 32-byte key that only the signer's vault holds (docs/requirements/wallet.md "Wallet file encryption"). Binary:
///
/// ```
/// "HFWF1" (5) ‖ walletId (32) ‖ nonce (12) ‖ AES-256-GCM ciphertext ‖ tag (16); AAD = the 49 header bytes
/// ```
///
/// The wallet ID in the clear says which vault key opens the file; the plaintext is a `WalletFileDocument`.
public struct EncryptedWalletFile: Hashable, Sendable {
    /// The magic prefix, ASCII `HFWF1`.
    public static let magic: [UInt8] = Array("HFWF1".utf8)
    /// The header length (magic, wallet ID, nonce), which is also the AAD.
    public static let headerLength = 49
    /// The shortest possible file: header and tag around an empty ciphertext.
    public static let minimumLength = headerLength + AESGCM.tagLength

    /// The 32-byte wallet ID.
    public let walletID: [UInt8]
    /// The 12-byte nonce.
    public let nonce: [UInt8]
    /// The ciphertext.
    public let ciphertext: [UInt8]
    /// The 16-byte tag.
    public let tag: [UInt8]

    /// Splits a file into its parts and checks its structure; nothing is decrypted.
    /// - Throws: `WalletFileError.tooLarge`, `.badMagic` or `.truncated`.
    public init(decoding bytes: [UInt8]) throws(WalletFileError) {
        guard bytes.count <= BundleLimits.maxBundleBytes else {
            throw .tooLarge(size: bytes.count, limit: BundleLimits.maxBundleBytes)
        }
        let magicLength = min(bytes.count, Self.magic.count)
        guard bytes[0..<magicLength].elementsEqual(Self.magic[0..<magicLength]) else { throw .badMagic }
        guard bytes.count >= Self.minimumLength else { throw .truncated(size: bytes.count, minimum: Self.minimumLength) }
        walletID = Array(bytes[5..<37])
        nonce = Array(bytes[37..<49])
        ciphertext = Array(bytes[49..<(bytes.count - AESGCM.tagLength)])
        tag = Array(bytes[(bytes.count - AESGCM.tagLength)...])
    }

    private init(walletID: [UInt8], nonce: [UInt8], box: AESGCM.SealedBox) {
        self.walletID = walletID
        self.nonce = nonce
        ciphertext = box.ciphertext
        tag = box.tag
    }

    /// The 49 header bytes, authenticated as the AAD.
    public var header: [UInt8] { Self.magic + walletID + nonce }

    /// The file's bytes: header ‖ ciphertext ‖ tag.
    public func encoded() -> [UInt8] { header + ciphertext + tag }

    /// Decrypts with `key` (32 bytes, secret).
    /// - Throws: `WalletFileError.badKey`, or `.wrongKeyOrDamaged` when the tag does not verify.
    public func open(key: SecureBytes) throws(WalletFileError) -> SecureBytes {
        guard key.count == 32 else { throw .badKey }
        var keyBytes = key.bytes
        defer { Zeroization.zeroize(&keyBytes) }
        do {
            var plaintext = try AESGCM.open(
                AESGCM.SealedBox(ciphertext: ciphertext, tag: tag), key: keyBytes, iv: nonce, aad: header)
            return SecureBytes(consuming: &plaintext)
        } catch {
            throw .wrongKeyOrDamaged
        }
    }

    /// Seals `plaintext` for the wallet `walletID` (32 bytes) under `key` (32 bytes) with a fresh random nonce.
    /// - Throws: `WalletFileError.badKey`, or `.tooLarge` when the file would exceed 64 MiB.
    public static func seal(
        plaintext: [UInt8], walletID: [UInt8], key: SecureBytes
    ) throws(WalletFileError) -> EncryptedWalletFile {
        precondition(walletID.count == 32, "EncryptedWalletFile.seal: a wallet ID is 32 bytes")
        guard key.count == 32 else { throw .badKey }
        guard plaintext.count + minimumLength <= BundleLimits.maxBundleBytes else {
            throw .tooLarge(size: plaintext.count + minimumLength, limit: BundleLimits.maxBundleBytes)
        }
        let nonce = SecureRandom.bytes(12)
        var keyBytes = key.bytes
        defer { Zeroization.zeroize(&keyBytes) }
        do {
            let box = try AESGCM.seal(plaintext, key: keyBytes, iv: nonce, aad: magic + walletID + nonce)
            return EncryptedWalletFile(walletID: walletID, nonce: nonce, box: box)
        } catch {
            preconditionFailure("AES-256-GCM with a 32-byte key and 12-byte nonce cannot fail: \(error)")
        }
    }
}
