/// Why bytes or text could not become a `Txid` or a `BlockHash`.
public enum Hash32Error: Error, Equatable, Sendable {
    /// The byte form had this many bytes instead of 32.
    case wrongLength(Int)
    /// The display hex had this many UTF-8 code units instead of 64.
    case wrongHexLength(Int)
    /// The display hex (of the right length) contains a non-hex character.
    case invalidHex(HexError)
}

/// Shared checks for the 32-byte hash identifiers `Txid` and `BlockHash`.
enum Hash32 {
    /// The number of bytes in a hash256 output.
    static let byteCount = 32

    /// Checks that `bytes` is 32 bytes long.
    static func validated(_ bytes: [UInt8]) throws(Hash32Error) -> [UInt8] {
        guard bytes.count == byteCount else { throw .wrongLength(bytes.count) }
        return bytes
    }

    /// Decodes 64 hex digits in display order and returns the 32 bytes in internal order (reversed).
    static func internalBytes(fromDisplayHex text: String) throws(Hash32Error) -> [UInt8] {
        let length = text.utf8.count
        guard length == 2 * byteCount else { throw .wrongHexLength(length) }
        do {
            return try Hex.decode(text).reversed()
        } catch {
            throw .invalidHex(error)
        }
    }
}
