/// Why a `ByteReader` refused to read.
///
/// No case carries the bytes themselves, so decoders of secret material can pass these errors on safely.
public enum ByteReaderError: Error, Equatable, Sendable {
    /// A read needed `needed` bytes but only `available` remained.
    case truncated(needed: Int, available: Int)
    /// A CompactSize used a longer form than its value needs (for example `fd 10 00` for 16).
    case nonCanonicalCompactSize
    /// A CompactSize value (a count or a length) exceeded the caller's maximum.
    case valueTooLarge
    /// `finish()` found this many unread bytes.
    case trailingBytes(Int)
}

extension ByteReaderError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .truncated(let needed, let available):
            "the data ends early: a field needs \(needed) bytes but only \(available) remain"
        case .nonCanonicalCompactSize: "a length or count is encoded in a longer form than its value needs"
        case .valueTooLarge: "a length or count is larger than allowed"
        case .trailingBytes(let count): "\(count) unexpected bytes follow the end of the data"
        }
    }
}
