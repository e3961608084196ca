import HFCrypto

/// Bitcoin's Base58 and Base58Check text encodings.
///
/// Bytes are read as one big-endian number written in the alphabet
/// `123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz`; each leading zero byte becomes a leading `1`.
/// Base58Check appends the first four bytes of `hash256(payload)` before encoding. The conversion is quadratic in
/// the length, so decoders refuse text longer than a bound before doing any work. Internal working buffers are
/// zeroized, because Base58Check also carries private keys (WIF, extended keys).
public enum Base58 {
    /// The default bound on the length of text given to `decode(_:)` and `decodeCheck(_:)`, in UTF-8 code units.
    ///
    /// 128 covers addresses (≤ 35), WIF (≤ 52) and BIP32 extended keys (111). Pass `maxLength:` for longer input.
    public static let defaultMaxLength = 128

    /// The number of checksum bytes Base58Check appends.
    public static let checksumLength = 4

    /// The 58 digits, indexed by value.
    private static let alphabet: [UInt8] = Array("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz".utf8)

    /// Digit values indexed by ASCII code, 0xff for characters outside the alphabet.
    private static let digitValues: [UInt8] = {
        var table = [UInt8](repeating: 0xff, count: 128)
        for (value, unit) in alphabet.enumerated() { table[Int(unit)] = UInt8(value) }
        return table
    }()

    // MARK: - Base58

    /// Encodes bytes as Base58.
    ///
    /// - Parameter bytes: the big-endian number to encode; each leading zero byte becomes a `1`.
    /// - Returns: the Base58 text; empty for no bytes.
    public static func encode(_ bytes: [UInt8]) -> String {
        let zeros = bytes.prefix { $0 == 0 }.count
        // log(256) / log(58) ≈ 1.365, rounded up.
        let size = (bytes.count - zeros) * 138 / 100 + 1
        var digits = [UInt8](repeating: 0, count: size)
        defer { Zeroization.zeroize(&digits) }
        var length = 0
        for byte in bytes[zeros...] {
            var carry = Int(byte)
            var index = size - 1
            var processed = 0
            while carry != 0 || processed < length {
                carry += 256 * Int(digits[index])
                digits[index] = UInt8(carry % 58)
                carry /= 58
                index -= 1
                processed += 1
            }
            length = processed
        }
        var out = [UInt8](repeating: alphabet[0], count: zeros)
        out.reserveCapacity(zeros + length)
        defer { Zeroization.zeroize(&out) }
        for digit in digits[(size - length)...] { out.append(alphabet[Int(digit)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes Base58 text of at most `defaultMaxLength` code units.
    ///
    /// - Parameter text: Base58 text; each leading `1` becomes a zero byte. No whitespace is allowed.
    /// - Returns: the big-endian bytes; empty for empty text.
    /// - Throws: `Base58Error.tooLong` or `.invalidCharacter(offset:)`.
    public static func decode(_ text: String) throws(Base58Error) -> [UInt8] {
        try decode(text, maxLength: defaultMaxLength)
    }

    /// Decodes Base58 text of at most `maxLength` UTF-8 code units.
    ///
    /// - Parameters:
    ///   - text: Base58 text; each leading `1` becomes a zero byte. No whitespace is allowed.
    ///   - maxLength: the longest text accepted, checked before any decoding.
    /// - Returns: the big-endian bytes; empty for empty text.
    /// - Throws: `Base58Error.tooLong` or `.invalidCharacter(offset:)`.
    public static func decode(_ text: String, maxLength: Int) throws(Base58Error) -> [UInt8] {
        let units = text.utf8
        guard units.count <= maxLength else { throw .tooLong }
        var zeros = 0
        var leading = true
        // log(58) / log(256) ≈ 0.733, rounded up.
        let size = units.count * 733 / 1000 + 1
        var number = [UInt8](repeating: 0, count: size)
        defer { Zeroization.zeroize(&number) }
        var length = 0
        var offset = 0
        for unit in units {
            guard unit < 128, case let value = digitValues[Int(unit)], value != 0xff else {
                throw .invalidCharacter(offset: offset)
            }
            offset += 1
            if leading && value == 0 {
                zeros += 1
                continue
            }
            leading = false
            var carry = Int(value)
            var index = size - 1
            var processed = 0
            while carry != 0 || processed < length {
                carry += 58 * Int(number[index])
                number[index] = UInt8(carry & 0xff)
                carry >>= 8
                index -= 1
                processed += 1
            }
            length = processed
        }
        var out = [UInt8](repeating: 0, count: zeros)
        out.reserveCapacity(zeros + length)
        out.append(contentsOf: number[(size - length)...])
        return out
    }

    // MARK: - Base58Check

    /// Encodes `payload ‖ hash256(payload)[0..<4]` as Base58.
    ///
    /// - Parameter payload: the bytes to protect, typically a version byte and a hash or key. May be secret; the
    ///   internal copy is zeroized, the returned text is not.
    /// - Returns: the Base58Check text.
    public static func encodeCheck(_ payload: [UInt8]) -> String {
        var full = payload
        full.append(contentsOf: Hash.hash256(payload).prefix(checksumLength))
        defer { Zeroization.zeroize(&full) }
        return encode(full)
    }

    /// Decodes Base58Check text of at most `defaultMaxLength` code units and verifies its checksum.
    ///
    /// - Parameter text: Base58Check text.
    /// - Returns: the payload, without the four checksum bytes.
    /// - Throws: `Base58Error.tooLong`, `.invalidCharacter(offset:)`, `.tooShort` (under four bytes) or
    ///   `.badChecksum`.
    public static func decodeCheck(_ text: String) throws(Base58Error) -> [UInt8] {
        try decodeCheck(text, maxLength: defaultMaxLength)
    }

    /// Decodes Base58Check text of at most `maxLength` code units and verifies its checksum in constant time.
    ///
    /// - Parameters:
    ///   - text: Base58Check text.
    ///   - maxLength: the longest text accepted, checked before any decoding.
    /// - Returns: the payload, without the four checksum bytes. The caller owns it (zeroize it if it is secret);
    ///   intermediate copies are zeroized here.
    /// - Throws: `Base58Error.tooLong`, `.invalidCharacter(offset:)`, `.tooShort` (under four bytes) or
    ///   `.badChecksum`.
    public static func decodeCheck(_ text: String, maxLength: Int) throws(Base58Error) -> [UInt8] {
        var full = try decode(text, maxLength: maxLength)
        defer { Zeroization.zeroize(&full) }
        guard full.count >= checksumLength else { throw .tooShort }
        var payload = Array(full[..<(full.count - checksumLength)])
        let expected = Array(Hash.hash256(payload).prefix(checksumLength))
        let actual = Array(full[(full.count - checksumLength)...])
        guard constantTimeEqual(expected, actual) else {
            Zeroization.zeroize(&payload)
            throw .badChecksum
        }
        return payload
    }
}
