/// The 8-character header of a BBQr part: `B$`, encoding, file type, part count and part index (base 36).
public struct BBQrHeader: Hashable, Sendable, CustomStringConvertible {
    /// The header length in characters.
    public static let length = 8
    /// The largest part count, `ZZ`.
    public static let maximumCount = Base36.maximum

    /// How the payload is encoded.
    public let encoding: BBQrEncoding
    /// What the whole series carries.
    public let fileType: BBQrFileType
    /// The number of parts in the series, 1…1295.
    public let count: Int
    /// This part's index, 0-based, below `count`.
    public let index: Int

    // MARK: - Initializers

    /// A header from its fields.
    /// - Throws: `BBQrError.invalidCount` for a count outside 1…1295, `.indexOutOfRange` for an index outside
    ///   `0..<count`.
    public init(encoding: BBQrEncoding, fileType: BBQrFileType, count: Int, index: Int) throws(BBQrError) {
        guard (1...Self.maximumCount).contains(count) else { throw .invalidCount(String(count)) }
        guard (0..<count).contains(index) else { throw .indexOutOfRange(index: index, count: count) }
        self.encoding = encoding
        self.fileType = fileType
        self.count = count
        self.index = index
    }

    /// Parses the first 8 characters of a frame.
    /// - Throws: `BBQrError.truncatedHeader`, `.missingPrefix`, `.unknownEncoding`, `.invalidFileType`,
    ///   `.invalidCount`, `.invalidIndex` or `.indexOutOfRange`.
    init(parsing text: [UInt8]) throws(BBQrError) {
        guard text.count >= 2, text[0] == UInt8(ascii: "B"), text[1] == UInt8(ascii: "$") else {
            throw text.count < 2 && [UInt8]("B$".utf8).starts(with: text)
                ? .truncatedHeader(length: text.count) : .missingPrefix
        }
        guard text.count >= Self.length else { throw .truncatedHeader(length: text.count) }
        func field(_ range: Range<Int>) -> String { String(decoding: text[range], as: UTF8.self) }
        guard let encoding = BBQrEncoding(byte: text[2]) else { throw .unknownEncoding(field(2..<3)) }
        guard BBQrFileType.isLetter(text[3]) else { throw .invalidFileType(field(3..<4)) }
        guard let count = Base36.decode(text[4], text[5]), count > 0 else { throw .invalidCount(field(4..<6)) }
        guard let index = Base36.decode(text[6], text[7]) else { throw .invalidIndex(field(6..<8)) }
        guard index < count else { throw .indexOutOfRange(index: index, count: count) }
        self.encoding = encoding
        self.fileType = BBQrFileType(validatedByte: text[3])
        self.count = count
        self.index = index
    }

    // MARK: - Properties

    /// Whether this is the series' last part (the only one whose length may be shorter).
    public var isLast: Bool { index == count - 1 }

    /// The header text, e.g. `B$ZJ0A03`.
    public var description: String {
        "B$" + String(encoding.letter) + String(fileType.letter) + Base36.encode(count) + Base36.encode(index)
    }

    /// The first six characters, which every part of a series shares, e.g. `B$ZJ0A`.
    public var seriesPrefix: String { String(description.prefix(6)) }
}
