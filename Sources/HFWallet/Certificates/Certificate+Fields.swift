import HFCrypto
import HFPrimitives

/// Field decryption, as the reference `MasterCertificate.decryptFields` and `VerifiableCertificate.decryptFields` do
/// it: decrypt the field key from the keyring with BRC-2, then the field value with that key.
extension Certificate {
    /// The plaintext of every field the keyring reveals, read with `reader`'s identity key.
    ///
    /// For a master keyring `reader` must be the subject or the certifier (the counterparty is the other one); for
    /// a verifier keyring the counterparty is the subject. **quirk**: the reference stores a field key in its
    /// minimal big-endian form, so one in 256 is 31 bytes; it is left-padded to 32.
    ///
    /// - Throws: `CertificateError.invalidKeyring` for an entry naming no field, `.notAParty`,
    ///   `.fieldDecryptionFailed` or `.fieldNotText`. Check `verifySignature()` first: decryption proves nothing
    ///   about the certifier.
    public func decryptFields(
        with keyring: CertificateKeyring, reader: KeyDeriver
    ) throws(CertificateError) -> [String: String] {
        let counterparty: Counterparty
        switch keyring.kind {
        case .verifier:
            counterparty = .key(subject)
        case .master:
            if reader.rootPublicKey == subject {
                counterparty = .key(certifier)
            } else if reader.rootPublicKey == certifier {
                counterparty = .key(subject)
            } else {
                throw .notAParty
            }
        }
        var plaintexts: [String: String] = [:]
        for name in keyring.entries.keys.sorted() {
            guard let value = fields[name], let encryptedKey = keyring.entries[name] else {
                throw .invalidKeyring(field: name)
            }
            let keyID = keyring.kind == .master ? name : "\(serialNumberBase64) \(name)"
            guard let invoice = try? InvoiceNumber(
                securityLevel: .perCounterparty, protocolName: Self.fieldEncryptionProtocol, keyID: keyID),
                var fieldKey = try? reader.decrypt(encryptedKey, invoice: invoice, counterparty: counterparty)
            else { throw .fieldDecryptionFailed(name: name) }
            defer { Zeroization.zeroize(&fieldKey) }
            guard let key = try? BRC2SymmetricKey(rawRepresentation: fieldKey),
                let ciphertext = try? Base64.decode(value),
                let plaintext = try? key.decrypt(ciphertext)
            else { throw .fieldDecryptionFailed(name: name) }
            guard let text = String(validating: plaintext, as: UTF8.self) else { throw .fieldNotText(name: name) }
            plaintexts[name] = text
        }
        return plaintexts
    }
}
