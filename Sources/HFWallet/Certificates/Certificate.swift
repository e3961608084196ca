public import HFCrypto
import HFPrimitives

/// A BRC-52 identity certificate, as the reference `auth/certificates/Certificate` defines it.
///
/// A certifier vouches for fields about a subject. Each field value is the base64 text of an AES-256-GCM ciphertext
/// (`IV(32) ‖ ct ‖ tag(16)`) under its own key, revealed to a reader through a keyring (`CertificateKeyring`). The
/// certifier signs `SHA-256(binary form without signature)` with a BRC-42 key: protocol `[2, "certificate
/// signature"]`, key ID `"<type> <serialNumber>"` (the two base64 strings), counterparty "anyone", so anybody can
/// verify with the certifier's public key alone.
///
/// Values are validated on construction: 32-byte type and serial number, compressed keys, field names of `a-z0-9`,
/// field values that are base64 ciphertexts, and the bounds below.
public struct Certificate: Sendable, Hashable {
    /// The certificate type, 32 bytes (shown in base64).
    public let type: [UInt8]
    /// The serial number, 32 bytes (shown in base64).
    public let serialNumber: [UInt8]
    /// The subject's identity key.
    public let subject: PublicKey
    /// The certifier's identity key.
    public let certifier: PublicKey
    /// The outpoint whose spending revokes the certificate.
    public let revocationOutpoint: RevocationOutpoint
    /// Field name → base64 ciphertext text, exactly as certified.
    public let fields: [String: String]
    /// The certifier's signature, or nil for an unsigned certificate.
    public let signature: ECDSASignature?

    /// The most fields a certificate may have.
    public static let maximumFieldCount = 64
    /// The longest field name, in characters.
    public static let maximumFieldNameLength = 64
    /// The longest field value, in base64 characters (48 KiB of ciphertext).
    public static let maximumFieldValueLength = 65_536
    /// The largest binary certificate accepted.
    public static let maximumBinaryLength = 1 << 20
    /// The largest JSON certificate document accepted.
    public static let maximumJSONLength = 4 << 20

    /// The protocol name of the certifier's signature.
    public static let signatureProtocol = "certificate signature"
    /// The protocol name of the keyrings' field-key encryption.
    public static let fieldEncryptionProtocol = "certificate field encryption"

    // MARK: - Initializers

    /// A certificate from its parts, validated.
    ///
    /// - Throws: `CertificateError` for a wrong-sized identifier, a bad field name or value, or too many fields.
    public init(
        type: [UInt8], serialNumber: [UInt8], subject: PublicKey, certifier: PublicKey,
        revocationOutpoint: RevocationOutpoint, fields: [String: String], signature: ECDSASignature?
    ) throws(CertificateError) {
        guard type.count == 32 else { throw .invalidIdentifier(field: "type") }
        guard serialNumber.count == 32 else { throw .invalidIdentifier(field: "serialNumber") }
        guard fields.count <= Self.maximumFieldCount else { throw .tooManyFields(count: fields.count) }
        for (name, value) in fields {
            guard CertificateFieldName.isValid(name) else { throw .invalidFieldName }
            guard value.utf8.count <= Self.maximumFieldValueLength,
                let ciphertext = try? Base64.decode(value), ciphertext.count >= BRC2SymmetricKey.ivLength + 16
            else { throw .invalidFieldValue(name: name) }
        }
        self.type = type
        self.serialNumber = serialNumber
        self.subject = subject
        self.certifier = certifier
        self.revocationOutpoint = revocationOutpoint
        self.fields = fields
        self.signature = signature
    }

    // MARK: - Properties

    /// The type in base64, as the key ID and the JSON form use it.
    public var typeBase64: String { Base64.encode(type) }

    /// The serial number in base64.
    public var serialNumberBase64: String { Base64.encode(serialNumber) }

    /// The field names in the order of the binary form (byte order, which equals `localeCompare` for `a-z0-9`).
    public var sortedFieldNames: [String] { fields.keys.sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) } }

    /// The invoice of the certifier's signature: `2-certificate signature-<type> <serialNumber>`.
    public var signatureInvoice: InvoiceNumber {
        // The protocol name is valid and the key ID is 89 characters, so this cannot fail.
        guard let invoice = try? InvoiceNumber(
            securityLevel: .perCounterparty, protocolName: Self.signatureProtocol,
            keyID: "\(typeBase64) \(serialNumberBase64)")
        else { preconditionFailure("the certificate signature invoice is always valid") }
        return invoice
    }

    /// The same certificate with another signature (nil to strip it).
    public func with(signature: ECDSASignature?) -> Certificate {
        // Every part was validated already.
        guard let copy = try? Certificate(
            type: type, serialNumber: serialNumber, subject: subject, certifier: certifier,
            revocationOutpoint: revocationOutpoint, fields: fields, signature: signature)
        else { preconditionFailure("re-validating a validated certificate failed") }
        return copy
    }
}
