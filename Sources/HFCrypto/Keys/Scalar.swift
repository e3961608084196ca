/// Arithmetic helpers on 256-bit big-endian scalars of secp256k1.
public enum Scalar {
    /// The group order n, big-endian.
    public static let order: [UInt8] = [
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE,
        0xBA, 0xAE, 0xDC, 0xE6, 0xAF, 0x48, 0xA0, 0x3B, 0xBF, 0xD2, 0x5E, 0x8C, 0xD0, 0x36, 0x41, 0x41,
    ]

    /// Whether the 32-byte big-endian value is below n (zero included).
    public static func isBelowOrder(_ value: [UInt8]) -> Bool {
        precondition(value.count == 32, "scalars are 32 bytes")
        for i in 0..<32 where value[i] != order[i] { return value[i] < order[i] }
        return false
    }

    /// `value mod n` for a 32-byte big-endian value (at most one subtraction is ever needed, as 2²⁵⁶ < 2n).
    public static func reducedModOrder(_ value: [UInt8]) -> [UInt8] {
        guard !isBelowOrder(value) else { return value }
        var result = [UInt8](repeating: 0, count: 32)
        var borrow = 0
        for i in stride(from: 31, through: 0, by: -1) {
            var digit = Int(value[i]) - Int(order[i]) - borrow
            borrow = digit < 0 ? 1 : 0
            if digit < 0 { digit += 256 }
            result[i] = UInt8(digit)
        }
        return result
    }
}
