public import HFCrypto

/// Electrum-style ECIES, "BIE1", as the reference `electrumEncrypt` / `electrumDecrypt` implement it.
///
/// `P = senderPriv · recipientPub` (the raw ECDH point), `H = SHA-512(compressed(P))`, `iv = H[0..<16]`,
/// `kE = H[16..<32]`, `kM = H[32..<64]`. The plaintext is encrypted with AES-128-CBC (PKCS#7) under `kE` and `iv`.
/// The layout is `"BIE1" ‖ R ‖ ciphertext ‖ mac` with `R` the sender's 33-byte compressed public key and
/// `mac = HMAC-SHA256(kM, "BIE1" ‖ R ‖ ciphertext)`. In "no key" mode `R` is left out and the recipient must know the
/// sender's key. `P`, `H`, `kE`, `kM` and `iv` are secret and zeroized after use.
///
/// Decryption is strict: the body between the magic and the MAC must be whole 16-byte blocks (no key) or a 33- or
/// 65-byte SEC1 key followed by whole blocks. Since keys have odd lengths the two layouts never overlap. The MAC
/// is compared in constant time before anything is decrypted.
public enum ElectrumECIES {
    /// The ASCII magic `"BIE1"`.
    public static let magic: [UInt8] = Array("BIE1".utf8)

    /// The length of the trailing HMAC-SHA256.
    public static let macLength = 32

    /// The longest message `decrypt` accepts, in bytes (16 MiB).
    public static let maximumMessageLength = 16 * 1024 * 1024

    /// The shortest possible message: magic, one AES block and the MAC (no-key mode).
    static let minimumMessageLength = 4 + 16 + 32

    // MARK: - Encryption

    /// Encrypts `plaintext` for `recipient`.
    ///
    /// - Parameters:
    ///   - plaintext: the message bytes (may be empty; PKCS#7 always adds 1…16 bytes).
    ///   - recipient: the recipient's public key.
    ///   - sender: the sender's key; nil for a fresh ephemeral key. A fixed key makes the output deterministic.
    ///   - includeSenderKey: false for "no key" mode, where the recipient must already know the sender's public key.
    /// - Returns: the binary message; its base64 form starts `QklFM`.
    /// - Throws: `ElectrumECIESError.missingSenderKey` when `includeSenderKey` is false with an ephemeral key, and
    ///   `.keyAgreementFailed` (practically never).
    public static func encrypt(
        _ plaintext: [UInt8], to recipient: PublicKey, from sender: PrivateKey? = nil, includeSenderKey: Bool = true
    ) throws(ElectrumECIESError) -> [UInt8] {
        guard sender != nil || includeSenderKey else { throw .missingSenderKey }
        let senderKey = sender ?? PrivateKey.generate()
        var keys = try Keys(senderKey, recipient)
        defer { keys.zeroize() }
        // The key and IV sizes are fixed, so only an impossible OpenSSL failure could make this nil.
        guard let ciphertext = try? AESCBC.encrypt(plaintext, key: keys.encryptionKey, iv: keys.iv) else {
            preconditionFailure("AES-128-CBC encryption failed with valid sizes")
        }
        var message = magic
        if includeSenderKey { message += senderKey.publicKey.compressed }
        message += ciphertext
        message += HMAC.sha256(key: keys.macKey, message: message)
        return message
    }

    // MARK: - Decryption

    /// Checks the MAC of a BIE1 message and decrypts it.
    ///
    /// - Parameters:
    ///   - message: the binary message (base64-decode the text form first).
    ///   - recipient: my private key.
    ///   - sender: the sender's public key. Required for "no key" messages; when the message embeds a key, it must
    ///     equal this one.
    /// - Returns: the plaintext.
    /// - Throws: `ElectrumECIESError`, the first failed check in declaration order.
    public static func decrypt(
        _ message: [UInt8], with recipient: PrivateKey, sender: PublicKey? = nil
    ) throws(ElectrumECIESError) -> [UInt8] {
        guard message.count <= maximumMessageLength else { throw .messageTooLong(length: message.count) }
        guard message.count >= minimumMessageLength else { throw .messageTooShort(length: message.count) }
        guard message.starts(with: magic) else { throw .badMagic }
        let macStart = message.count - macLength
        let (embedded, ciphertextStart) = try parseSenderKey(message[magic.count..<macStart])
        guard let senderKey = embedded ?? sender else { throw .missingSenderKey }
        if let embedded, let sender, embedded != sender { throw .senderKeyMismatch }
        var keys = try Keys(recipient, senderKey)
        defer { keys.zeroize() }
        var expected = HMAC.sha256(key: keys.macKey, message: Array(message[..<macStart]))
        defer { Zeroization.zeroize(&expected) }
        guard constantTimeEqual(expected, Array(message[macStart...])) else { throw .authenticationFailed }
        do {
            return try AESCBC.decrypt(Array(message[ciphertextStart..<macStart]), key: keys.encryptionKey, iv: keys.iv)
        } catch {
            throw .decryptionFailed
        }
    }

    /// The sender key embedded in a well-formed message, or nil in no-key mode or for a malformed message. Only
    /// a successful `decrypt` proves the message came from that key.
    public static func embeddedSenderKey(_ message: [UInt8]) -> PublicKey? {
        guard (minimumMessageLength...maximumMessageLength).contains(message.count), message.starts(with: magic),
            let (key, _) = try? parseSenderKey(message[magic.count..<(message.count - macLength)])
        else { return nil }
        return key
    }

    /// Splits the body (between magic and MAC) into an optional embedded key and the ciphertext start index.
    private static func parseSenderKey(
        _ body: ArraySlice<UInt8>
    ) throws(ElectrumECIESError) -> (PublicKey?, Int) {
        switch body.count % 16 {
        case 0:
            return (nil, body.startIndex)
        case 1:
            let keyLength = body.first == 0x04 ? 65 : 33
            guard body.count >= keyLength + 16 else { throw .malformedBody }
            let keyEnd = body.startIndex + keyLength
            guard let key = try? PublicKey(serialized: Array(body[body.startIndex..<keyEnd])) else {
                throw .invalidSenderKey
            }
            return (key, keyEnd)
        default:
            throw .malformedBody
        }
    }
}

extension ElectrumECIES {
    /// The secret keys derived from `SHA-512(compressed(P))`.
    struct Keys {
        /// The 64-byte hash; `iv ‖ kE ‖ kM`. Secret.
        private var hash: [UInt8]

        /// Derives the keys from one side's private key and the other side's public key.
        init(_ privateKey: PrivateKey, _ publicKey: PublicKey) throws(ElectrumECIESError) {
            guard var point = try? privateKey.sharedPoint(with: publicKey).compressed else {
                throw .keyAgreementFailed
            }
            defer { Zeroization.zeroize(&point) }
            hash = Hash.sha512(point)
        }

        /// The AES-CBC IV, `H[0..<16]`.
        var iv: [UInt8] { Array(hash[0..<16]) }
        /// The AES-128 key `kE`, `H[16..<32]`.
        var encryptionKey: [UInt8] { Array(hash[16..<32]) }
        /// The HMAC key `kM`, `H[32..<64]`.
        var macKey: [UInt8] { Array(hash[32..<64]) }

        /// Overwrites the hash with zeros.
        mutating func zeroize() { Zeroization.zeroize(&hash) }
    }
}
