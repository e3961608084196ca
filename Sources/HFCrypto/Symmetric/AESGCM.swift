internal import COpenSSL

/// AES-256-GCM with an IV of 1…128 bytes and a 16-byte tag.
///
/// 12-byte IVs are the standard case (`.bep` backups, the vault); 32-byte IVs are what BRC-2 and BRC-52 use. For an
/// IV that is not 96 bits GCM derives `J0` with GHASH, which OpenSSL does once `EVP_CTRL_GCM_SET_IVLEN` is set.
public enum AESGCM {
    /// The tag length in bytes.
    public static let tagLength = 16

    /// The longest IV accepted, in bytes: OpenSSL 3's GCM limit (`GCM_IV_MAX_SIZE`, 1024 bits).
    public static let maximumIVLength = 128

    /// The result of sealing: ciphertext (as long as the plaintext) and the 16-byte tag.
    public struct SealedBox: Equatable, Sendable {
        /// The ciphertext, as long as the plaintext.
        public var ciphertext: [UInt8]
        /// The 16-byte authentication tag.
        public var tag: [UInt8]

        /// Creates a box from its parts.
        public init(ciphertext: [UInt8], tag: [UInt8]) {
            self.ciphertext = ciphertext
            self.tag = tag
        }
    }

    /// Encrypts and authenticates `plaintext` (and authenticates `aad`).
    /// - Throws: `CryptoError.incorrectKeySize` unless the key is 32 bytes; `.incorrectParameterSize` for an empty IV
    ///   or one longer than `maximumIVLength`.
    public static func seal(
        _ plaintext: [UInt8], key: [UInt8], iv: [UInt8], aad: [UInt8] = []
    ) throws(CryptoError) -> SealedBox {
        try checkSizes(key: key, iv: iv)
        let ctx = CipherContext()
        var ok = EVP_EncryptInit_ex(ctx.pointer, EVP_aes_256_gcm(), nil, nil, nil) == 1
        ok = ok && EVP_CIPHER_CTX_ctrl(ctx.pointer, EVP_CTRL_GCM_SET_IVLEN, Int32(iv.count), nil) == 1
        ok = ok && EVP_EncryptInit_ex(ctx.pointer, nil, nil, key, iv) == 1
        guard ok, ctx.updateAAD(aad) else { throw .underlyingCryptoError }
        guard let body = ctx.update(plaintext) else { throw .underlyingCryptoError }
        var finalLength: Int32 = 0
        var scratch = [UInt8](repeating: 0, count: 16)
        guard EVP_EncryptFinal_ex(ctx.pointer, &scratch, &finalLength) == 1, finalLength == 0 else {
            throw .underlyingCryptoError
        }
        var tag = [UInt8](repeating: 0, count: tagLength)
        guard EVP_CIPHER_CTX_ctrl(ctx.pointer, EVP_CTRL_GCM_GET_TAG, Int32(tagLength), &tag) == 1 else {
            throw .underlyingCryptoError
        }
        return SealedBox(ciphertext: body, tag: tag)
    }

    /// Verifies the tag and decrypts.
    /// - Throws: `CryptoError.authenticationFailure` when the key, IV, AAD, ciphertext or tag do not match.
    public static func open(
        _ box: SealedBox, key: [UInt8], iv: [UInt8], aad: [UInt8] = []
    ) throws(CryptoError) -> [UInt8] {
        try checkSizes(key: key, iv: iv)
        guard box.tag.count == tagLength else { throw .incorrectParameterSize }
        let ctx = CipherContext()
        var ok = EVP_DecryptInit_ex(ctx.pointer, EVP_aes_256_gcm(), nil, nil, nil) == 1
        ok = ok && EVP_CIPHER_CTX_ctrl(ctx.pointer, EVP_CTRL_GCM_SET_IVLEN, Int32(iv.count), nil) == 1
        ok = ok && EVP_DecryptInit_ex(ctx.pointer, nil, nil, key, iv) == 1
        guard ok, ctx.updateAAD(aad) else { throw .underlyingCryptoError }
        guard var body = ctx.update(box.ciphertext) else { throw .underlyingCryptoError }
        var tag = box.tag
        guard EVP_CIPHER_CTX_ctrl(ctx.pointer, EVP_CTRL_GCM_SET_TAG, Int32(tagLength), &tag) == 1 else {
            throw .underlyingCryptoError
        }
        var finalLength: Int32 = 0
        var scratch = [UInt8](repeating: 0, count: 16)
        guard EVP_DecryptFinal_ex(ctx.pointer, &scratch, &finalLength) == 1 else {
            Zeroization.zeroize(&body)
            throw .authenticationFailure
        }
        return body
    }

    private static func checkSizes(key: [UInt8], iv: [UInt8]) throws(CryptoError) {
        guard key.count == 32 else { throw .incorrectKeySize }
        guard !iv.isEmpty, iv.count <= maximumIVLength else { throw .incorrectParameterSize }
    }
}
