import HFCrypto

/// BRC-2 encryption and HMAC with keys derived by BRC-42 from a BRC-43 invoice, as the reference `ProtoWallet`
/// `encrypt`, `decrypt`, `createHmac` and `verifyHmac` do it.
extension KeyDeriver {
    /// The BRC-2 symmetric key shared with `counterparty` for `invoice` (the reference `deriveSymmetricKey`).
    ///
    /// With `childPriv = privateKey(for:counterparty:)` and `childPub = publicKey(for:counterparty:)`, the key is
    /// the X coordinate of `childPriv · childPub`, 32 bytes big-endian. **quirk**: the BRC-2 prose says SHA-256 of
    /// X and Y; the reference and its vectors use the raw X. Both parties derive the same key.
    ///
    /// - Throws: `BRC2Error.keyDerivationFailed` (practically never).
    public func symmetricKey(for invoice: InvoiceNumber, counterparty: Counterparty) throws(BRC2Error)
        -> BRC2SymmetricKey
    {
        guard let childPrivate = try? privateKey(for: invoice, counterparty: counterparty),
            let childPublic = try? publicKey(for: invoice, counterparty: counterparty),
            var point = try? childPrivate.sharedPoint(with: childPublic).compressed
        else { throw .keyDerivationFailed }
        defer { Zeroization.zeroize(&point) }
        return try BRC2SymmetricKey(rawRepresentation: Array(point[1...]))
    }

    /// Encrypts `plaintext` for `counterparty` under `invoice` with a random IV.
    ///
    /// - Returns: `IV(32) ‖ ciphertext ‖ tag(16)`.
    /// - Throws: `BRC2Error.keyDerivationFailed` (practically never).
    public func encrypt(
        _ plaintext: [UInt8], invoice: InvoiceNumber, counterparty: Counterparty
    ) throws(BRC2Error) -> [UInt8] {
        try symmetricKey(for: invoice, counterparty: counterparty).encrypt(plaintext)
    }

    /// Decrypts a BRC-2 ciphertext from `counterparty` under `invoice`.
    ///
    /// - Throws: `BRC2Error` for a short or long ciphertext or a tag that does not verify.
    public func decrypt(
        _ ciphertext: [UInt8], invoice: InvoiceNumber, counterparty: Counterparty
    ) throws(BRC2Error) -> [UInt8] {
        try symmetricKey(for: invoice, counterparty: counterparty).decrypt(ciphertext)
    }

    /// The BRC-2 HMAC-SHA256 of `data` (32 bytes), with the reference's leading-zero key quirk.
    ///
    /// - Throws: `BRC2Error.keyDerivationFailed` (practically never).
    public func authenticationCode(
        for data: [UInt8], invoice: InvoiceNumber, counterparty: Counterparty
    ) throws(BRC2Error) -> [UInt8] {
        try symmetricKey(for: invoice, counterparty: counterparty).authenticationCode(for: data)
    }

    /// Whether `code` is the BRC-2 HMAC of `data`, compared in constant time.
    ///
    /// - Throws: `BRC2Error.keyDerivationFailed` (practically never).
    public func isValidAuthenticationCode(
        _ code: [UInt8], for data: [UInt8], invoice: InvoiceNumber, counterparty: Counterparty
    ) throws(BRC2Error) -> Bool {
        try symmetricKey(for: invoice, counterparty: counterparty).isValidAuthenticationCode(code, for: data)
    }
}
