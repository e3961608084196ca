// Shifts and bitwise operators of `UInt256`.

extension UInt256 {
    /// Shifts left by `rhs` bits ("smart shift": a negative amount shifts right, 256 or more gives zero).
    public static func << (lhs: UInt256, rhs: Int) -> UInt256 {
        if rhs < 0 { return lhs >> (rhs == Int.min ? Int.max : -rhs) }
        if rhs >= bitWidth { return .zero }
        let limbShift = rhs / 64
        let bitShift = UInt64(rhs % 64)
        // Limb by limb into the result's four fields: no array (the division loop shifts once per quotient bit).
        func limb(_ index: Int) -> UInt64 {
            let from = index - limbShift
            guard from >= 0 else { return 0 }
            var value = lhs.limb(from) << bitShift
            if bitShift != 0, from > 0 { value |= lhs.limb(from - 1) >> (64 - bitShift) }
            return value
        }
        return UInt256(w0: limb(0), w1: limb(1), w2: limb(2), w3: limb(3))
    }

    /// Shifts right by `rhs` bits ("smart shift": a negative amount shifts left, 256 or more gives zero).
    public static func >> (lhs: UInt256, rhs: Int) -> UInt256 {
        if rhs < 0 { return lhs << (rhs == Int.min ? Int.max : -rhs) }
        if rhs >= bitWidth { return .zero }
        let limbShift = rhs / 64
        let bitShift = UInt64(rhs % 64)
        func limb(_ index: Int) -> UInt64 {
            let from = index + limbShift
            guard from < 4 else { return 0 }
            var value = lhs.limb(from) >> bitShift
            if bitShift != 0, from < 3 { value |= lhs.limb(from + 1) << (64 - bitShift) }
            return value
        }
        return UInt256(w0: limb(0), w1: limb(1), w2: limb(2), w3: limb(3))
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
