// Shifts and bitwise operators of `UInt256`.

extension UInt256 {
    /// Shifts left by `rhs` bits ("smart shift": a negative amount shifts right, 256 or more gives zero).
    public static func << (lhs: UInt256, rhs: Int) -> UInt256 {
        if rhs < 0 { return lhs >> (rhs == Int.min ? Int.max : -rhs) }
        if rhs >= bitWidth { return .zero }
        let limbShift = rhs / 64
        let bitShift = UInt64(rhs % 64)
        let source = lhs.words
        var result = [UInt64](repeating: 0, count: 4)
        for index in limbShift..<4 {
            let from = index - limbShift
            result[index] = source[from] << bitShift
            if bitShift != 0, from > 0 {
                result[index] |= source[from - 1] >> (64 - bitShift)
            }
        }
        return UInt256(words: result)
    }

    /// Shifts right by `rhs` bits ("smart shift": a negative amount shifts left, 256 or more gives zero).
    public static func >> (lhs: UInt256, rhs: Int) -> UInt256 {
        if rhs < 0 { return lhs << (rhs == Int.min ? Int.max : -rhs) }
        if rhs >= bitWidth { return .zero }
        let limbShift = rhs / 64
        let bitShift = UInt64(rhs % 64)
        let source = lhs.words
        var result = [UInt64](repeating: 0, count: 4)
        for index in 0..<(4 - limbShift) {
            let from = index + limbShift
            result[index] = source[from] >> bitShift
            if bitShift != 0, from < 3 {
                result[index] |= source[from + 1] << (64 - bitShift)
            }
        }
        return UInt256(words: result)
    }

    /// Shifts left in place.
    public static func <<= (lhs: inout UInt256, rhs: Int) {
        lhs = lhs << rhs
    }

    /// Shifts right in place.
    public static func >>= (lhs: inout UInt256, rhs: Int) {
        lhs = lhs >> rhs
    }

    /// Every bit inverted: `2²⁵⁶ − 1 − x`.
    public static prefix func ~ (value: UInt256) -> UInt256 {
        UInt256(w0: ~value.w0, w1: ~value.w1, w2: ~value.w2, w3: ~value.w3)
    }

    /// Bitwise AND.
    public static func & (lhs: UInt256, rhs: UInt256) -> UInt256 {
        UInt256(w0: lhs.w0 & rhs.w0, w1: lhs.w1 & rhs.w1, w2: lhs.w2 & rhs.w2, w3: lhs.w3 & rhs.w3)
    }

    /// Bitwise OR.
    public static func | (lhs: UInt256, rhs: UInt256) -> UInt256 {
        UInt256(w0: lhs.w0 | rhs.w0, w1: lhs.w1 | rhs.w1, w2: lhs.w2 | rhs.w2, w3: lhs.w3 | rhs.w3)
    }

    /// Bitwise exclusive OR.
    public static func ^ (lhs: UInt256, rhs: UInt256) -> UInt256 {
        UInt256(w0: lhs.w0 ^ rhs.w0, w1: lhs.w1 ^ rhs.w1, w2: lhs.w2 ^ rhs.w2, w3: lhs.w3 ^ rhs.w3)
    }
}
