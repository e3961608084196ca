internal import COpenSSL

/// AES-CBC with PKCS#7 padding, with 128-bit (BIE1/ECIES) or 256-bit keys.
public enum AESCBC {
    /// Encrypts `plaintext` with PKCS#7 padding.
    /// - Parameters:
    ///   - key: 16 bytes (AES-128) or 32 bytes (AES-256).
    ///   - iv: 16 bytes.
    /// - Throws: `CryptoError.incorrectKeySize` or `.incorrectParameterSize` for wrong sizes.
    public static func encrypt(_ plaintext: [UInt8], key: [UInt8], iv: [UInt8]) throws(CryptoError) -> [UInt8] {
        try run(plaintext, key: key, iv: iv, encrypt: true)
    }

    /// Decrypts and removes PKCS#7 padding.
    /// - Throws: `CryptoError.authenticationFailure` when the padding is wrong (wrong key or damaged data), and
    ///   `.incorrectParameterSize` when the ciphertext is not a positive multiple of 16 bytes.
    public static func decrypt(_ ciphertext: [UInt8], key: [UInt8], iv: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard !ciphertext.isEmpty, ciphertext.count % 16 == 0 else { throw .incorrectParameterSize }
        return try run(ciphertext, key: key, iv: iv, encrypt: false)
    }

    private static func run(
        _ input: [UInt8], key: [UInt8], iv: [UInt8], encrypt: Bool
    ) throws(CryptoError) -> [UInt8] {
        let cipher: OpaquePointer?
        switch key.count {
        case 16: cipher = EVP_aes_128_cbc()
        case 32: cipher = EVP_aes_256_cbc()
        default: throw .incorrectKeySize
        }
        guard iv.count == 16 else { throw .incorrectParameterSize }
        let ctx = CipherContext()
        guard EVP_CipherInit_ex(ctx.pointer, cipher, nil, key, iv, encrypt ? 1 : 0) == 1,
            var body = ctx.update(input, extra: 16)
        else { throw .underlyingCryptoError }
        var tail = [UInt8](repeating: 0, count: 32)
        var tailLength: Int32 = 0
        guard EVP_CipherFinal_ex(ctx.pointer, &tail, &tailLength) == 1 else {
            Zeroization.zeroize(&body)
            throw encrypt ? .underlyingCryptoError : .authenticationFailure
        }
        body += tail[0..<Int(tailLength)]
        Zeroization.zeroize(&tail)
        return body
    }
}
