/// Byte strings as BRC-100 carries them in JSON: an array of numbers 0–255 (what the SDKs send and expect for
/// `data`, `plaintext`, `ciphertext`, `signature`, `tx`, …).
extension JSONValue {
    /// `bytes` as an array of numbers.
    public static func bytes(_ bytes: [UInt8]) -> JSONValue { .array(bytes.map { .integer(Int($0)) }) }

    /// The bytes of an array of numbers 0–255; nil for anything else (another type, a number out of range).
    public var byteValues: [UInt8]? {
        guard case .array(let items) = self else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(items.count)
        for item in items {
            guard case .number(let number) = item, !number.isNegative, number.magnitude <= 255 else { return nil }
            bytes.append(UInt8(number.magnitude))
        }
        return bytes
    }
}
