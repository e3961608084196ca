/// How a `.hfheaders` bundle writes each header.
public enum HeaderEncoding: String, Hashable, Sendable, CaseIterable {
    /// The whole 80-byte header (160 hex digits).
    case full80
    /// The header without its previous-block hash: version ‖ merkle root ‖ time ‖ bits ‖ nonce, 48 bytes (96 hex
    /// digits). The reader rebuilds the missing hash from the header before. Writers default to this (about 40%
    /// fewer QR frames).
    case noPrev48

    /// The bytes per entry: 80 or 48.
    public var byteCount: Int {
        switch self {
        case .full80: 80
        case .noPrev48: 48
        }
    }
}

/// Byte surgery between the two header encodings.
enum HeaderLayout {
    /// Where the previous-block hash sits in an 80-byte header (after the 4-byte version).
    static let previousHashRange = 4..<36

    /// The 48-byte form of an 80-byte header: the previous-block hash removed.
    static func withoutPreviousHash(_ header: [UInt8]) -> [UInt8] {
        Array(header[0..<4]) + Array(header[36..<80])
    }

    /// The 80-byte header from its 48-byte form and the previous block's hash in internal order.
    static func withPreviousHash(_ short: [UInt8], previous: [UInt8]) -> [UInt8] {
        Array(short[0..<4]) + previous + Array(short[4..<48])
    }

    /// The previous-block hash (internal order) of an 80-byte header.
    static func previousHash(of header: [UInt8]) -> [UInt8] {
        Array(header[previousHashRange])
    }
}
