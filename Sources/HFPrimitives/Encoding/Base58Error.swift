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
