public import HFCrypto

/// BRC-3 signatures with keys derived by BRC-42 from a BRC-43 invoice, as the reference `ProtoWallet`
/// `createSignature` and `verifySignature` make and check them: ECDSA (RFC 6979, low-S) over `SHA-256(data)`.
extension KeyDeriver {
    /// The deriver of the scalar 1, the reference's `ProtoWallet('anyone')`: what anybody can use to check a
    /// signature made for counterparty "anyone" (as BRC-52 certifiers sign).
    public static let anyone: KeyDeriver = {
        var one = [UInt8](repeating: 0, count: 32)
        one[31] = 1
        // The scalar 1 is a valid key, so this cannot fail.
        return KeyDeriver(rootKey: (try? PrivateKey(rawRepresentation: one))!)
    }()

    /// Signs `SHA-256(data)` with my child key for `invoice` and `counterparty` (the reference's default
    /// counterparty for signing is "anyone").
    ///
    /// - Throws: `BRC42Error` (practically never).
    public func signature(
        for data: [UInt8], invoice: InvoiceNumber, counterparty: Counterparty = .anyone
    ) throws(BRC42Error) -> ECDSASignature {
        let key = try privateKey(for: invoice, counterparty: counterparty)
        // The digest is always 32 bytes, so signing cannot fail.
        guard let signature = try? key.signature(forDigest: Hash.sha256(data)) else {
            preconditionFailure("ECDSA signing failed on a 32-byte digest")
        }
        return signature
    }

    /// Whether `signature` signs `SHA-256(data)` for `invoice`.
    ///
    /// - Parameters:
    ///   - counterparty: the signer (the reference's default for verifying is "self").
    ///   - forSelf: true when the signature was made with my own child key; false (the usual case) when the
    ///     counterparty signed with theirs, whose public key is `counterpartyPub.deriveChild(myRoot, invoice)`.
    /// - Throws: `BRC42Error` (practically never).
    public func isValidSignature(
        _ signature: ECDSASignature, for data: [UInt8], invoice: InvoiceNumber, counterparty: Counterparty = .selfKey,
        forSelf: Bool = false
    ) throws(BRC42Error) -> Bool {
        let key = try publicKey(for: invoice, counterparty: counterparty, forSelf: forSelf)
        return key.isValidSignature(signature, forDigest: Hash.sha256(data))
    }
}
