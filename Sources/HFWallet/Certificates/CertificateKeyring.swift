import HFPrimitives

/// A BRC-52 keyring: for each revealed field, the BRC-2 ciphertext of that field's symmetric key.
///
/// Both kinds use protocol `[2, "certificate field encryption"]`. A **master** keyring (key ID `"<fieldName>"`) is
/// shared between subject and certifier: either can read it with the other as counterparty. A **verifier** keyring
/// (`keyringForVerifier`, key ID `"<serialNumber> <fieldName>"`) is made by the subject for one verifier, who reads
/// it with the subject as counterparty.
public struct CertificateKeyring: Sendable, Hashable {
    /// Which party made the keyring for whom.
    public enum Kind: String, Sendable, Hashable {
        /// Between subject and certifier; key ID `"<fieldName>"`.
        case master
        /// From the subject to one verifier; key ID `"<serialNumber> <fieldName>"`.
        case verifier
    }

    /// The kind.
    public let kind: Kind
    /// Field name → BRC-2 ciphertext of the field key.
    public let entries: [String: [UInt8]]

    /// The longest keyring entry, in base64 characters (a 32-byte key makes 128).
    static let maximumEntryLength = 1024

    /// A keyring from its JSON form, field name → base64.
    ///
    /// - Throws: `CertificateError.invalidKeyring` for a bad field name, too many entries, or an entry that is not
    ///   canonical base64 of at least 48 bytes.
    public init(kind: Kind, base64Entries: [String: String]) throws(CertificateError) {
        guard base64Entries.count <= Certificate.maximumFieldCount else {
            throw .tooManyFields(count: base64Entries.count)
        }
        var entries: [String: [UInt8]] = [:]
        for (name, text) in base64Entries {
            guard CertificateFieldName.isValid(name),
                let bytes = try? Base64.decode(text, maxLength: Self.maximumEntryLength), bytes.count >= 48
            else { throw .invalidKeyring(field: CertificateFieldName.isValid(name) ? name : "?") }
            entries[name] = bytes
        }
        self.kind = kind
        self.entries = entries
    }
}
