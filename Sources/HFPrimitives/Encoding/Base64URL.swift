/// Base64url (RFC 4648 §5) without padding, strict: the alphabet `A-Z a-z 0-9 - _`, no `=`, no whitespace, and the
/// unused low bits of the last character zero, so every byte string has exactly one text.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The text of `bytes`.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value = (UInt32(chunk[0]) << 16) | (chunk.count > 1 ? UInt32(chunk[1]) << 8 : 0)
                | (chunk.count > 2 ? UInt32(chunk[2]) : 0)
            for position in 0...chunk.count {
                out.append(alphabet[Int((value >> UInt32(18 - 6 * position)) & 0x3f)])
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of `text`, or nil when it is not canonical unpadded base64url.
    public static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt32] = []
        values.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            guard let value = alphabet.firstIndex(of: byte) else { return nil }
            values.append(UInt32(value))
        }
        guard values.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        var index = 0
        while index < values.count {
            let chunk = Array(values[index..<min(index + 4, values.count)])
            var value: UInt32 = 0
            for position in 0..<4 { value |= (position < chunk.count ? chunk[position] : 0) << UInt32(18 - 6 * position) }
            let produced = chunk.count - 1
            let bytes = [UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
            // Canonical: the bits past the last produced byte must be zero.
            if produced < 3, bytes[produced...].contains(where: { $0 != 0 }) { return nil }
            out.append(contentsOf: bytes[..<produced])
            index += 4
        }
        return out
    }
}
