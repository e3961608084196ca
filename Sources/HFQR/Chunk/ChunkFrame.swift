/// One frame of a `CHUNK:<id>:<index>:<total>:<data>` animation: the format of the BSV Association's vault-manager
/// and the Pay-QuickR demo (`vault/src/utils/qrChunking.ts`): a Base64 text cut into pieces of 80 characters,
/// indexes from 0, no checksum. A text of at most 100 characters travels unchunked, as one plain QR code.
public struct ChunkFrame: Hashable, Sendable {
    /// The collection's identity (vault-manager writes 9 base-36 characters).
    public let id: String
    /// The 0-based index.
    public let index: Int
    /// The number of chunks.
    public let total: Int
    /// The piece of Base64 text.
    public let data: String

    /// The most chunks a collection may announce.
    public static let maximumTotal = 65_535
    /// The longest identity accepted.
    public static let maximumIDLength = 64

    /// A frame from its fields.
    public init(id: String, index: Int, total: Int, data: String) {
        self.id = id
        self.index = index
        self.total = total
        self.data = data
    }

    /// Parses a frame strictly: `CHUNK:`, an identity of 1–64 letters, digits, `-` or `_`, an index and a total in
    /// decimal (no sign, no leading zero, index < total ≤ 65,535), and 1 or more Base64 characters.
    /// - Throws: `ChunkError.malformed`.
    public init(parsing text: [UInt8]) throws(ChunkError) {
        guard text.starts(with: Array("CHUNK:".utf8)) else { throw .malformed("it does not start with CHUNK:") }
        let fields = text.dropFirst(6).split(separator: UInt8(ascii: ":"), maxSplits: 3,
                                             omittingEmptySubsequences: false)
        guard fields.count == 4 else { throw .malformed("it is not CHUNK:<id>:<index>:<total>:<data>") }
        let isIDCharacter: (UInt8) -> Bool = {
            (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) || $0 == 45 || $0 == 95
        }
        guard (1...Self.maximumIDLength).contains(fields[0].count), fields[0].allSatisfy(isIDCharacter) else {
            throw .malformed("the identity is not 1–\(Self.maximumIDLength) letters, digits, '-' or '_'")
        }
        guard let index = Self.decimal(fields[1]), let total = Self.decimal(fields[2]),
            total >= 1, total <= Self.maximumTotal, index < total
        else { throw .malformed("the index and total are not 0 ≤ index < total ≤ \(Self.maximumTotal)") }
        let isBase64: (UInt8) -> Bool = { Base64.alphabet.contains($0) || $0 == UInt8(ascii: "=") }
        guard !fields[3].isEmpty, fields[3].allSatisfy(isBase64) else {
            throw .malformed("the data is not Base64 text")
        }
        self.init(id: String(decoding: fields[0], as: UTF8.self), index: index, total: total,
                  data: String(decoding: fields[3], as: UTF8.self))
    }

    /// `CHUNK:<id>:<index>:<total>:<data>`.
    public var text: String { "CHUNK:\(id):\(index):\(total):\(data)" }

    /// A decimal of 1–5 digits without a leading zero.
    private static func decimal(_ digits: ArraySlice<UInt8>) -> Int? {
        guard (1...5).contains(digits.count), digits.allSatisfy({ (48...57).contains($0) }),
            digits.count == 1 || digits.first != UInt8(ascii: "0")
        else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 48) }
    }
}

/// Why a `CHUNK:` frame or collection was refused.
public enum ChunkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The frame is not well formed.
    case malformed(String)
    /// The joined text is not strict Base64.
    case notBase64

    /// A sentence saying what was wrong.
    public var description: String {
        switch self {
        case .malformed(let reason): "a CHUNK: frame was not readable: \(reason)"
        case .notBase64: "the joined CHUNK: text is not Base64 (a frame may be corrupt or from another collection)"
        }
    }
}
