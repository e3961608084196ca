/// Joins a complete set of BBQr parts back into the file (docs/reference/qr-transport.md §4.2), strictly.
///
/// Parts may come in any order and repeat exactly; everything else is refused: parts of different series, two
/// different parts with the same index, a missing part, a part that is not whole bytes on its own, unequal lengths,
/// and a `Z` payload that is not one raw DEFLATE stream within a 1 KiB window.
public enum BBQrJoiner {
    /// The default limit on the decoded size: 64 MiB, the largest bundle file (docs/design.md §4).
    public static let defaultPayloadLimit = 64 << 20

    /// Joins parts given as text.
    /// - Parameters:
    ///   - parts: the text of every part, in any order; exact repeats are allowed.
    ///   - limit: the largest acceptable decoded size.
    /// - Returns: the file type and the file's bytes.
    /// - Throws: any `BBQrError` of a frame, `.noParts`, `.mixedSeries`, `.conflictingPart`, `.missingParts`,
    ///   `.unequalPartLength`, or a decoding fault of `decode(frames:limit:)`.
    public static func join(_ parts: [String], limit: Int = defaultPayloadLimit) throws(BBQrError)
        -> (fileType: BBQrFileType, bytes: [UInt8])
    {
        var frames: [BBQrFrame] = []
        for part in parts { frames.append(try BBQrFrame(parsing: part)) }
        guard let first = frames.first else { throw .noParts }
        var slots = [BBQrFrame?](repeating: nil, count: first.header.count)
        for frame in frames {
            let header = frame.header
            guard header.encoding == first.header.encoding, header.fileType == first.header.fileType,
                header.count == first.header.count
            else { throw .mixedSeries }
            if let held = slots[header.index], held != frame { throw .conflictingPart(index: header.index) }
            slots[header.index] = frame
        }
        let missing = slots.indices.filter { slots[$0] == nil }
        guard missing.isEmpty else { throw .missingParts(missing) }
        let ordered = slots.compactMap { $0 }
        return (first.header.fileType, try decode(frames: ordered, limit: limit))
    }

    /// The file from one part of each index, in index order.
    ///
    /// Checks that every part but the last has the same length and the last is no longer, then concatenates the parts'
    /// bytes and, for `Z`, inflates them.
    /// - Throws: `BBQrError.unequalPartLength`, `.invalidDeflate`, `.trailingDeflateData`, `.payloadTooLarge` or
    ///   `.emptyPayload`.
    static func decode(frames: [BBQrFrame], limit: Int) throws(BBQrError) -> [UInt8] {
        let expected = frames[0].payload.count
        for frame in frames.dropFirst() where frame.header.isLast ? frame.payload.count > expected
            : frame.payload.count != expected
        {
            throw .unequalPartLength(index: frame.header.index, length: frame.payload.count, expected: expected)
        }
        return try decode(parts: frames.map(\.bytes), encoding: frames[0].header.encoding, limit: limit)
    }

    /// The file from the decoded bytes of every part, in order.
    static func decode(parts: [[UInt8]], encoding: BBQrEncoding, limit: Int) throws(BBQrError) -> [UInt8] {
        let total = parts.reduce(0) { $0 + $1.count }
        let joined: [UInt8]
        if encoding == .zlib {
            var stream = [UInt8]()
            stream.reserveCapacity(total)
            for part in parts { stream += part }
            joined = try Zlib.inflate(stream, limit: limit)
        } else {
            guard total <= limit else { throw .payloadTooLarge(limit: limit) }
            var bytes = [UInt8]()
            bytes.reserveCapacity(total)
            for part in parts { bytes += part }
            joined = bytes
        }
        guard !joined.isEmpty else { throw .emptyPayload }
        return joined
    }
}
