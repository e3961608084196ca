/// What keeps one animation apart from another in a scan session.
///
/// BBQr has no message identity, so a series is told apart by everything its frames show: encoding, file type, part
/// count and the length of its parts (every part but the last has the same length). Two series that agree on all four
/// can still differ; their frames then contradict each other and the bundle's own validation decides.
public enum AnimationKey: Hashable, Sendable, CustomStringConvertible {
    /// A BBQr series; `partLength` is the payload length of every part but the last (of the only part when
    /// `count` is 1).
    case bbqr(encoding: BBQrEncoding, fileType: BBQrFileType, count: Int, partLength: Int)
    /// A single QR code that is not BBQr, holding a whole file; keyed by the SHA-256 of its bytes.
    case plain(sha256: [UInt8])
    /// A UR (BCR-2020-005) of `type`: a message of `messageLength` bytes in `fragments` fragments with CRC-32
    /// `checksum` (a single-part UR has one fragment). Two UR animations differ in their checksum.
    case ur(type: String, fragments: Int, messageLength: Int, checksum: UInt32)
    /// A `CHUNK:` collection (vault-manager's format): its identity and chunk count.
    case chunk(id: String, total: Int)

    /// Whether the animation is fountain-coded (UR): progress counts independent parts, not indexes.
    public var isFountain: Bool {
        if case .ur = self { true } else { false }
    }

    /// A short label, e.g. `BBQr Z/J, 5 parts of 1240 characters`, `UR bytes, 39 fragments of 8112 bytes, CRC
    /// 0167aa07` or `single QR 3f2a…`.
    public var description: String {
        switch self {
        case .bbqr(let encoding, let fileType, let count, let partLength):
            "BBQr \(encoding.rawValue)/\(fileType), \(count) part\(count == 1 ? "" : "s") of \(partLength) characters"
        case .ur(let type, let fragments, let messageLength, let checksum):
            "UR \(type), \(fragments) fragment\(fragments == 1 ? "" : "s") of \(messageLength) bytes, CRC "
                + String(String(checksum, radix: 16).leftPadded(to: 8))
        case .chunk(let id, let total):
            "CHUNK \(id), \(total) chunk\(total == 1 ? "" : "s")"
        case .plain(let digest):
            "single QR " + digest.prefix(4).map { String($0, radix: 16).leftPadded(to: 2) }.joined() + "…"
        }
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
