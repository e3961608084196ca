/// The content of a BEEF file: a plain BEEF (V1 or V2) or an Atomic BEEF, in binary or as hex text.
///
/// Told apart by the first bytes: `01 00 be ef`, `02 00 be ef` or `01 01 01 01` is binary; otherwise the file must
/// be hex text of one of those (either case; leading and trailing ASCII whitespace such as a final newline is
/// ignored, nothing else is).
public enum BeefFile: Hashable, Sendable {
    /// A BEEF V1 or V2.
    case beef(Beef)
    /// An Atomic BEEF.
    case atomic(AtomicBeef)

    /// The binary prefixes of BEEF V1, BEEF V2 and Atomic BEEF.
    public static let binaryPrefixes: [[UInt8]] = [[0x01, 0x00, 0xbe, 0xef], [0x02, 0x00, 0xbe, 0xef], AtomicBeef.prefix]

    /// The same prefixes as (lower-case) hex text.
    public static let hexPrefixes: [String] = ["0100beef", "0200beef", "01010101"]

    /// Decodes a file's bytes.
    /// - Throws: `BeefError.unknownVersion` for a file that starts with no BEEF prefix, `.invalidHex`, then as the
    ///   binary decoders.
    public init(decoding bytes: [UInt8]) throws(BeefError) {
        let binary: [UInt8]
        if Self.binaryPrefixes.contains(where: { bytes.starts(with: $0) }) {
            binary = bytes
        } else {
            let whitespace: Set<UInt8> = [0x20, 0x09, 0x0a, 0x0d]
            let start = bytes.firstIndex { !whitespace.contains($0) } ?? bytes.endIndex
            let end = (bytes.lastIndex { !whitespace.contains($0) } ?? start - 1) + 1
            let text = String(decoding: bytes[start..<max(start, end)], as: UTF8.self)
            guard Self.isHexBeef(text) else {
                var reader = ByteReader(bytes)
                throw .unknownVersion((try? reader.readUInt32LE()) ?? 0)
            }
            binary = try Beef.decodeHex(text)
        }
        if binary.starts(with: AtomicBeef.prefix) {
            self = .atomic(try AtomicBeef(serialized: binary))
        } else {
            self = .beef(try Beef(serialized: binary))
        }
    }

    /// Whether `text` starts with the hex of a BEEF prefix (either case).
    public static func isHexBeef(_ text: some StringProtocol) -> Bool {
        let head = text.prefix(8).lowercased()
        return hexPrefixes.contains(head)
    }

    /// The BEEF itself (inside the Atomic wrapper for `.atomic`).
    public var beef: Beef {
        switch self {
        case .beef(let beef): beef
        case .atomic(let atomic): atomic.beef
        }
    }

    /// The transactions the file is about: the subject of an Atomic BEEF, else every tip (a transaction no other
    /// one of the BEEF spends from).
    public var subjects: [BeefTransaction] {
        switch self {
        case .beef(let beef): beef.tips
        case .atomic(let atomic): [atomic.subjectTransaction]
        }
    }
}
