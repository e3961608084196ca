/// The file name of a legacy keychain account: the account's UTF-8 bytes with `/`, `%` and every byte outside
/// printable ASCII (0x20…0x7E) written as `%XX`.
public enum LegacyAccountName {
    /// The file name of `account`.
    public static func encode(_ account: String) -> String {
        var out = ""
        for byte in account.utf8 {
            if byte < 0x20 || byte > 0x7e || byte == 0x2f || byte == 0x25 {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            } else {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return out
    }

    /// The account named by file `name`, or nil when a `%` is not followed by two hex digits or the bytes are not
    /// UTF-8.
    public static func decode(_ name: String) -> String? {
        let bytes = Array(name.utf8)
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x25 {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else { return nil }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(validating: decoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
