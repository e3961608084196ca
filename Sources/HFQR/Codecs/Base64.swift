/// RFC 4648 Base64 (standard alphabet, `=` padding), strict: what `CHUNK:` frames carry.
///
/// The decoder takes only the standard alphabet, a length that is a multiple of 4, padding only at the end and zero
/// bits after the last whole byte (the only form an encoder writes).
enum Base64 {
    /// The alphabet.
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (value, character) in alphabet.enumerated() { table[Int(character)] = Int8(value) }
        return table
    }()

    /// `bytes` as padded Base64 (ASCII).
    static func encode(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for position in 0..<4 {
                out.append(position <= count ? alphabet[Int(group >> UInt32(18 - 6 * position) & 63)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return out
    }

    /// The bytes of strict padded Base64, or nil.
    static func decode<Text: Collection<UInt8>>(_ text: Text) -> [UInt8]? {
        let characters = Array(text)
        guard !characters.isEmpty, characters.count % 4 == 0 else { return nil }
        var padding = 0
        if characters.last == UInt8(ascii: "=") { padding += 1 }
        if characters.count >= 2, characters[characters.count - 2] == UInt8(ascii: "=") { padding += 1 }
        var out: [UInt8] = []
        out.reserveCapacity(characters.count / 4 * 3)
        for start in stride(from: 0, to: characters.count, by: 4) {
            let isLast = start + 4 == characters.count
            var group: UInt32 = 0
            for position in 0..<4 {
                let character = characters[start + position]
                if isLast, position >= 4 - padding {
                    guard character == UInt8(ascii: "=") else { return nil }
                    group <<= 6
                    continue
                }
                let value = values[Int(character)]
                guard value >= 0 else { return nil }
                group = group << 6 | UInt32(value)
            }
            let bytes = [UInt8(group >> 16 & 0xFF), UInt8(group >> 8 & 0xFF), UInt8(group & 0xFF)]
            if isLast {
                let kept = 3 - padding
                guard bytes[kept...].allSatisfy({ $0 == 0 }) else { return nil }
                out += bytes[..<kept]
            } else {
                out += bytes
            }
        }
        return out
    }
}
