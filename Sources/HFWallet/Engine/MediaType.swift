/// A media type (`type/subtype`, RFC 6838) as the B:// protocol records it, and the few the wallet recognises from a
/// file name.
public struct MediaType: Hashable, Sendable, CustomStringConvertible {
    /// The media type in lower case, as pushed (`image/png`).
    public let name: String

    /// The file extensions (lower case) the wallet maps to a media type without being told.
    public static let known: [String: String] = [
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "txt": "text/plain", "md": "text/markdown", "html": "text/html",
        "htm": "text/html", "css": "text/css", "js": "text/javascript", "json": "application/json",
        "pdf": "application/pdf", "mp3": "audio/mpeg", "mp4": "video/mp4",
    ]

    // MARK: - Initializers

    /// Checks `text` as a media type: a type and a subtype of RFC 6838 name characters (letters, digits and
    /// `!#$&-^_.+`), each 1 to 127 of them, separated by one `/`; no parameters. Stored in lower case.
    /// - Returns: nil when `text` is not such a media type.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ part in
                (1...127).contains(part.utf8.count) && part.utf8.allSatisfy(Self.isNameCharacter)
            })
        else { return nil }
        name = text.lowercased()
    }

    /// The media type of a file named `filename` from its extension (`known`), or nil when the extension is
    /// missing or not among them.
    public init?(guessingFrom filename: String) {
        guard let dot = filename.lastIndex(of: "."), dot != filename.startIndex,
            let name = Self.known[filename[filename.index(after: dot)...].lowercased()]
        else { return nil }
        self.init(name)
    }

    // MARK: - Properties

    /// The media type's name.
    public var description: String { name }

    // MARK: - Static members

    /// Whether `byte` is an RFC 6838 `restricted-name-chars` character (ASCII letter or digit, or `!#$&-^_.+`).
    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: Array("!#$&-^_.+".utf8).contains(byte)
        }
    }
}
