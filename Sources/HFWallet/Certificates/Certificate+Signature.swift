public import HFCrypto

/// Signing and verifying a BRC-52 certificate, as the reference `Certificate.sign` / `verify` do it.
extension Certificate {
    /// The certifier's public signing key: `certifier + HMAC(compressed(certifier), invoice)·G`, the BRC-42 child
    /// for counterparty "anyone", which anybody can compute.
    ///
    /// - Throws: `BRC42Error` (practically never).
    public func certifierSigningKey() throws(BRC42Error) -> PublicKey {
        try KeyDeriver.anyone.publicKey(for: signatureInvoice, counterparty: .key(certifier))
    }

    /// Checks the certifier's signature over `SHA-256(binary(includeSignature: false))`.
    ///
    /// - Throws: `CertificateError.unsigned` without a signature, `.badSignature` when it does not verify.
    public func verifySignature() throws(CertificateError) {
        guard let signature else { throw .unsigned }
        guard let valid = try? KeyDeriver.anyone.isValidSignature(
            signature, for: binary(includeSignature: false), invoice: signatureInvoice, counterparty: .key(certifier)),
            valid
        else { throw .badSignature }
    }

    /// The certificate signed by `certifier`, whose root key must be the certificate's certifier key.
    ///
    /// - Throws: `CertificateError.badSignature` when `certifier` is not this certificate's certifier.
    public func signed(by certifier: KeyDeriver) throws(CertificateError) -> Certificate {
        guard certifier.rootPublicKey == self.certifier,
            let signature = try? certifier.signature(
                for: binary(includeSignature: false), invoice: signatureInvoice, counterparty: .anyone)
        else { throw .badSignature }
        return with(signature: signature)
    }
}
