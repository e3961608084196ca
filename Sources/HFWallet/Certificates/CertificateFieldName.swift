/// The rule for BRC-52 field names in this wallet: 1 to `Certificate.maximumFieldNameLength` characters of
/// `a-z` and `0-9`.
///
/// The reference sorts field names with JavaScript `localeCompare`, which differs from byte order for upper case,
/// `_` and `-`; for `[a-z0-9]` both orders agree, so the binary form is unambiguous. Other names are refused.
enum CertificateFieldName {
    /// Whether `name` follows the rule.
    static func isValid(_ name: String) -> Bool {
        let bytes = name.utf8
        return (1...Certificate.maximumFieldNameLength).contains(bytes.count)
            && bytes.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (48...57).contains($0) }
    }
}
