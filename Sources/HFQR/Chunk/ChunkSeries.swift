/// A file as `CHUNK:` frames (`qr encode --format chunk`): its Base64 text in pieces of 80 characters under an
/// identity of 9 base-36 characters taken from its SHA-256 (the same file always gets the same identity); a text of at
/// most 100 characters is one unchunked frame, as vault-manager writes it.
public struct ChunkSeries: Hashable, Sendable {
    /// Characters of Base64 per chunk (vault-manager's default).
    public static let chunkLength = 80
    /// The longest text sent unchunked.
    public static let unchunkedLength = 100

    /// The frame texts.
    public let frames: [String]

    /// The frames of `bytes`, whose SHA-256 is `digest`.
    public init(bytes: [UInt8], digest: [UInt8]) {
        let text = String(decoding: Base64.encode(bytes), as: UTF8.self)
        guard text.count > Self.unchunkedLength else {
            frames = [text]
            return
        }
        var number = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        var id = ""
        for _ in 0..<9 {
            id.append(Character(Unicode.Scalar(Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)[Int(number % 36)])))
            number /= 36
        }
        let characters = Array(text)
        let total = (characters.count + Self.chunkLength - 1) / Self.chunkLength
        frames = (0..<total).map { index in
            let piece = String(characters[(index * Self.chunkLength)..<min(characters.count, (index + 1) * Self.chunkLength)])
            return ChunkFrame(id: id, index: index, total: total, data: piece).text
        }
    }

    /// The smallest version in `versions` whose byte mode at `level` holds the longest frame, or nil.
    public func version(in versions: ClosedRange<Int>, level: QRErrorCorrection) -> Int? {
        let longest = frames.map(\.utf8.count).max() ?? 0
        return versions.first { QRCapacity.bytes(version: $0, level: level) >= longest }
    }
}
