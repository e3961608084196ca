/// Why Base58 or Base58Check text was rejected.
///
/// No case carries the rejected text or decoded bytes: Base58Check also carries WIF private keys.
public enum Base58Error: Error, Equatable, Sendable {
    /// The UTF-8 code unit at `offset` is not in the Bitcoin Base58 alphabet (`0`, `O`, `I`, `l`, whitespace and all
    /// non-ASCII text are invalid).
    case invalidCharacter(offset: Int)
    /// The last four bytes of a Base58Check string are not the first four bytes of `hash256(payload)`.
    case badChecksum
    /// A Base58Check string decodes to fewer than the four checksum bytes.
    case tooShort
    /// The text is longer than the caller's (or the default) maximum, checked before any decoding work.
    case tooLong
}

extension Base58Error: CustomStringConvertible {
    /// A sentence naming the problem (never the text: it may be a private key).
    public var description: String {
        switch self {
        case .invalidCharacter(let offset): "the text has a character that is not Base58 at offset \(offset)"
        case .badChecksum: "the Base58Check checksum does not match; the text was probably mistyped"
        case .tooShort: "the Base58Check text is too short to hold a checksum"
        case .tooLong: "the Base58 text is longer than allowed"
        }
    }
}
