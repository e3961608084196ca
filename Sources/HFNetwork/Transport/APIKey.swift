/// A secret credential sent in a request header (a WhatsOnChain or TAAL key, a JungleBus token).
///
/// The value never appears in `description`, `debugDescription`, `dump` or any `NetworkError`: clients put it in
/// headers only, and every text a service sends back is scrubbed of it before it reaches an error message.
public struct APIKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The secret text.
    let value: String

    /// An authentication scheme written before the key in the header (`Bearer`), or nil for the bare key.
    let scheme: String?

    /// The longest key accepted, in bytes.
    public static let maxLength = 4096

    /// A key from its text; surrounding whitespace and line breaks (as at the end of a key file) are removed.
    /// - Throws: `NetworkError.invalidConfiguration` if the key is empty, too long, or contains anything but
    ///   visible ASCII (a control character could inject header lines). The message never quotes the key.
    public init(_ text: String) throws(NetworkError) {
        let trimmed = text.utf8.drop { Self.isSpace($0) }.reversed().drop { Self.isSpace($0) }.reversed()
        guard !trimmed.isEmpty, trimmed.count <= Self.maxLength, trimmed.allSatisfy({ $0 > 0x20 && $0 < 0x7f })
        else {
            throw .invalidConfiguration(
                "an API key must be 1 to \(Self.maxLength) visible ASCII characters without spaces")
        }
        value = String(decoding: trimmed, as: UTF8.self)
        scheme = nil
    }

    /// The same key sent after an authentication scheme.
    private init(value: String, scheme: String) {
        self.value = value
        self.scheme = scheme
    }

    /// The same key, sent as `<scheme> <key>` (e.g. `Bearer <key>`).
    func withScheme(_ scheme: String) -> APIKey {
        APIKey(value: value, scheme: scheme)
    }

    /// The header value: the key, after the scheme if there is one.
    var headerValue: String {
        scheme.map { "\($0) \(value)" } ?? value
    }

    /// `APIKey(redacted)`.
    public var description: String { "APIKey(redacted)" }

    /// `APIKey(redacted)`.
    public var debugDescription: String { description }

    /// A mirror without children, so that `dump` shows nothing of the key.
    public var customMirror: Mirror { Mirror(self, children: [:]) }

    /// Whether `byte` is whitespace to trim.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d
    }
}
