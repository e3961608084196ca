internal import Foundation
import HFCrypto
import HFPrimitives

/// A BRC-52 certificate in the reference's JSON form, with the keyring that may travel with it.
///
/// ```json
/// {"type": "<base64>", "serialNumber": "<base64>", "subject": "<hex>", "certifier": "<hex>",
///  "revocationOutpoint": "<txid>.<vout>", "fields": {"name": "<base64>"}, "signature": "<DER hex>",
///  "keyring": {"name": "<base64>"}}
/// ```
///
/// `keyring` is a verifier keyring (the BRC-100 `proveCertificate` result, the reference `VerifiableCertificate`);
/// `masterKeyring` a master keyring (the reference `MasterCertificate`). A document may carry at most one of them.
public struct CertificateDocument: Sendable {
    /// The certificate.
    public let certificate: Certificate
    /// The keyring that came with it, if any.
    public let keyring: CertificateKeyring?

    /// A certificate with an optional keyring (for the binary form, which has no room for one).
    public init(certificate: Certificate, keyring: CertificateKeyring? = nil) {
        self.certificate = certificate
        self.keyring = keyring
    }

    /// Parses the JSON form.
    ///
    /// - Throws: `CertificateError.tooLarge`, `.malformedJSON`, or the validation errors of `Certificate`.
    public init(json bytes: [UInt8]) throws(CertificateError) {
        guard bytes.count <= Certificate.maximumJSONLength else { throw .tooLarge(length: bytes.count) }
        let form: Form
        do {
            form = try JSONDecoder().decode(Form.self, from: Data(bytes))
        } catch {
            throw .malformedJSON("expected an object with type, serialNumber, subject, certifier, "
                + "revocationOutpoint, fields and signature strings")
        }
        guard let type = try? Base64.decode(form.type, maxLength: 32), type.count == 32 else {
            throw .invalidIdentifier(field: "type")
        }
        guard let serial = try? Base64.decode(form.serialNumber, maxLength: 32), serial.count == 32 else {
            throw .invalidIdentifier(field: "serialNumber")
        }
        guard let subjectBytes = try? Hex.decode(form.subject) else { throw .invalidPublicKey(field: "subject") }
        guard let certifierBytes = try? Hex.decode(form.certifier) else { throw .invalidPublicKey(field: "certifier") }
        var signature: ECDSASignature? = nil
        if let hex = form.signature, !hex.isEmpty {
            guard let der = try? Hex.decode(hex), let parsed = try? ECDSASignature(derRepresentation: der) else {
                throw .invalidSignatureEncoding
            }
            signature = parsed
        }
        certificate = try Certificate(
            type: type, serialNumber: serial,
            subject: try Certificate.compressedKey(subjectBytes, field: "subject"),
            certifier: try Certificate.compressedKey(certifierBytes, field: "certifier"),
            revocationOutpoint: try RevocationOutpoint(string: form.revocationOutpoint), fields: form.fields,
            signature: signature)
        switch (form.keyring, form.masterKeyring) {
        case (nil, nil): keyring = nil
        case (let entries?, nil): keyring = try CertificateKeyring(kind: .verifier, base64Entries: entries)
        case (nil, let entries?): keyring = try CertificateKeyring(kind: .master, base64Entries: entries)
        case (.some, .some): throw .malformedJSON("a certificate carries either keyring or masterKeyring, not both")
        }
    }

    /// The JSON shape, as the reference writes it.
    private struct Form: Decodable {
        let type: String
        let serialNumber: String
        let subject: String
        let certifier: String
        let revocationOutpoint: String
        let fields: [String: String]
        let signature: String?
        let keyring: [String: String]?
        let masterKeyring: [String: String]?
    }
}
