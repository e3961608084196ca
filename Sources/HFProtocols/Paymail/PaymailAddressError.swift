/// Why text is not a paymail address (`alias@domain`).
public enum PaymailAddressError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is empty or longer than `PaymailAddress.maxLength` bytes.
    case badLength
    /// There is not exactly one `@`.
    case notOneAt
    /// The alias (before `@`) is empty, too long, has a character outside `a-z 0-9 . _ - +`, or starts or ends with
    /// a dot, or has two dots in a row.
    case invalidAlias
    /// The domain (after `@`) is not a DNS name of at least two labels (letters, digits, hyphens; no label starting
    /// or ending with a hyphen; 1…63 bytes per label, 253 in all; the last label not all digits).
    case invalidDomain

    /// A sentence for the user.
    public var description: String {
        switch self {
        case .badLength: "a paymail address is 3 to \(PaymailAddress.maxLength) characters"
        case .notOneAt: "a paymail address is alias@domain, with exactly one '@'"
        case .invalidAlias:
            "the alias (before '@') must be 1 to 64 of a-z, 0-9, '.', '_', '-', '+', not starting or ending with '.' "
                + "and without '..'"
        case .invalidDomain:
            "the domain (after '@') must be a DNS name such as example.com (letters, digits, '-', at least two labels)"
        }
    }
}
