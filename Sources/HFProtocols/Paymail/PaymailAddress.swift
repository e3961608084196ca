/// A paymail address (BRC-28 / bsvalias): `alias@domain`, held in lower case.
///
/// Parsing is strict: no surrounding whitespace, no display names, no quoting, no IP literals. Letters are lower-cased
/// (paymail handles are case-insensitive), so `Alice@Example.COM` and `alice@example.com` are the same address. The
/// alias is 1…64 bytes of `a-z 0-9 . _ - +`, with no leading, trailing or doubled dot; the domain is a DNS name of
/// at least two labels (`a-z 0-9 -`, 1…63 bytes each, no label starting or ending with `-`, 253 bytes in all, the
/// top-level label not all digits, so that an IPv4 address is refused).
public struct PaymailAddress: Hashable, Sendable, CustomStringConvertible {
    /// The longest address accepted, in bytes (64 + 1 + 253 would be allowed by the parts; 254 is the e-mail limit).
    public static let maxLength = 254

    /// The part before `@`, lower case.
    public let alias: String
    /// The part after `@`, lower case.
    public let domain: String

    // MARK: - Initializers

    /// Parses `text`.
    /// - Throws: `PaymailAddressError` naming the first rule broken.
    public init(_ text: String) throws(PaymailAddressError) {
        guard (3...Self.maxLength).contains(text.utf8.count) else { throw .badLength }
        let lower = String(decoding: text.utf8.map(Self.lowercased), as: UTF8.self)
        let parts = lower.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .notOneAt }
        let alias = String(parts[0])
        let domain = String(parts[1])
        guard Self.isAlias(alias) else { throw .invalidAlias }
        guard Self.isDomain(domain) else { throw .invalidDomain }
        self.alias = alias
        self.domain = domain
    }

    // MARK: - Properties

    /// `alias@domain`.
    public var text: String { alias + "@" + domain }

    /// `alias@domain`.
    public var description: String { text }

    // MARK: - Static members

    /// Whether `alias` is 1…64 bytes of `a-z 0-9 . _ - +` without a leading, trailing or doubled dot.
    static func isAlias(_ alias: String) -> Bool {
        let bytes = Array(alias.utf8)
        guard (1...64).contains(bytes.count), bytes.first != dot, bytes.last != dot else { return false }
        for (index, byte) in bytes.enumerated() {
            guard isLowerAlphanumeric(byte) || [dot, UInt8(ascii: "_"), hyphen, UInt8(ascii: "+")].contains(byte)
            else { return false }
            if byte == dot, index > 0, bytes[index - 1] == dot { return false }
        }
        return true
    }

    /// Whether `domain` is a lower-case DNS name of at least two labels (see the type's documentation).
    public static func isDomain(_ domain: String) -> Bool {
        guard (3...253).contains(domain.utf8.count) else { return false }
        let labels = domain.utf8.split(separator: dot, omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        for label in labels {
            guard (1...63).contains(label.count), label.first != hyphen, label.last != hyphen,
                label.allSatisfy({ isLowerAlphanumeric($0) || $0 == hyphen })
            else { return false }
        }
        return !labels.last!.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private static let dot = UInt8(ascii: ".")
    private static let hyphen = UInt8(ascii: "-")

    private static func isLowerAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
