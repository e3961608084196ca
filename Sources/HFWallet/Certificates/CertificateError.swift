/// Why a BRC-52 certificate, keyring or field was rejected. No case carries key material or field plaintext.
public enum CertificateError: Error, Equatable, Sendable {
    /// The input is larger than `Certificate.maximumBinaryLength` (binary) or `maximumJSONLength` (JSON).
    case tooLarge(length: Int)
    /// The binary form ended early, used a non-minimal VarInt, or a count or length passed its bound.
    case malformedBinary(String)
    /// The JSON form is not an object of the expected shape.
    case malformedJSON(String)
    /// `type` or `serialNumber` is not canonical base64 of exactly 32 bytes.
    case invalidIdentifier(field: String)
    /// `subject` or `certifier` is not a valid compressed public key.
    case invalidPublicKey(field: String)
    /// The revocation outpoint is not `<64 hex digits>.<vout>` with a vout below 2³².
    case invalidRevocationOutpoint
    /// A field name is empty, longer than `Certificate.maximumFieldNameLength`, or uses anything but `a-z` and `0-9`.
    case invalidFieldName
    /// Field names in the binary form are not in strictly ascending order (duplicated or unsorted).
    case unsortedFields
    /// More fields than `Certificate.maximumFieldCount`.
    case tooManyFields(count: Int)
    /// A field value is not canonical base64 of an AES-GCM ciphertext (at least 48 bytes), or is too long.
    case invalidFieldValue(name: String)
    /// The signature is not a strict DER ECDSA signature.
    case invalidSignatureEncoding
    /// The certificate carries no signature.
    case unsigned
    /// The signature does not verify under the certifier's derived key: the certificate was changed or forged.
    case badSignature
    /// A keyring entry is not canonical base64, or names a field the certificate does not have.
    case invalidKeyring(field: String)
    /// A master keyring can only be read by the subject or the certifier, and this key is neither.
    case notAParty
    /// A keyring entry or the field value did not decrypt (wrong key, wrong keyring kind, or damaged data).
    case fieldDecryptionFailed(name: String)
    /// A field decrypted to bytes that are not UTF-8 text.
    case fieldNotText(name: String)
}

extension CertificateError: CustomStringConvertible {
    /// A sentence saying what is wrong with the certificate.
    public var description: String {
        switch self {
        case .tooLarge(let length): "the certificate is \(length) bytes, more than allowed"
        case .malformedBinary(let detail): "the binary certificate is malformed: \(detail)"
        case .malformedJSON(let detail): "the JSON certificate is malformed: \(detail)"
        case .invalidIdentifier(let field): "the certificate's \(field) is not base64 of 32 bytes"
        case .invalidPublicKey(let field): "the certificate's \(field) is not a compressed public key"
        case .invalidRevocationOutpoint: "the revocation outpoint is not <64 hex digits>.<output index>"
        case .invalidFieldName:
            "certificate field names must be 1 to \(Certificate.maximumFieldNameLength) characters of a-z and 0-9"
        case .unsortedFields: "the certificate's fields are not sorted by name without duplicates"
        case .tooManyFields(let count): "the certificate has \(count) fields, more than \(Certificate.maximumFieldCount)"
        case .invalidFieldValue(let name): "the value of field '\(name)' is not a base64 AES-GCM ciphertext"
        case .invalidSignatureEncoding: "the certificate signature is not strict DER"
        case .unsigned: "the certificate is not signed"
        case .badSignature: "the certificate signature does not verify: the certificate was changed or forged"
        case .invalidKeyring(let field): "the keyring entry for '\(field)' is invalid or names no field"
        case .notAParty: "only the subject or the certifier can read a master keyring"
        case .fieldDecryptionFailed(let name): "field '\(name)' did not decrypt with this key and keyring"
        case .fieldNotText(let name): "field '\(name)' decrypted to something that is not UTF-8 text"
        }
    }
}
