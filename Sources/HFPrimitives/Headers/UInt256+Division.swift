// Division and remainder of `UInt256`.

extension UInt256 {
    /// The quotient and remainder of `self / divisor`.
    ///
    /// Binary long division over the quotient's bits only (a 256-bit value by a 180-bit target takes about 77
    /// steps). Divisors that fit in 64 bits take the limb-wise path of `quotientAndRemainder(dividingBy:)` for
    /// `UInt64`.
    /// - Parameter divisor: a non-zero value (zero is a programmer error and traps).
    public func quotientAndRemainder(dividingBy divisor: UInt256) -> (quotient: UInt256, remainder: UInt256) {
        precondition(!divisor.isZero, "UInt256 division by zero")
        if self < divisor { return (.zero, self) }
        if divisor.w1 == 0, divisor.w2 == 0, divisor.w3 == 0 {
            let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor.w0)
            return (quotient, UInt256(remainder))
        }
        let shift = divisor.leadingZeroBitCount - leadingZeroBitCount
        var shifted = divisor << shift
        var remainder = self
        var quotient = UInt256.zero
        for bit in stride(from: shift, through: 0, by: -1) {
            if remainder >= shifted {
                remainder = remainder &- shifted
                quotient.setBit(bit)
            }
            shifted = shifted >> 1
        }
        return (quotient, remainder)
    }

    /// The quotient and remainder of `self / divisor` for a 64-bit divisor.
    /// - Parameter divisor: a non-zero value (zero is a programmer error and traps).
    public func quotientAndRemainder(dividingBy divisor: UInt64) -> (quotient: UInt256, remainder: UInt64) {
        precondition(divisor != 0, "UInt256 division by zero")
        var remainder: UInt64 = 0
        // From the top limb down; remainder < divisor, so each two-limb dividend's quotient fits in one limb.
        func step(_ limb: UInt64) -> UInt64 {
            let (quotient, rest) = divisor.dividingFullWidth((high: remainder, low: limb))
            remainder = rest
            return quotient
        }
        let q3 = step(w3)
        let q2 = step(w2)
        let q1 = step(w1)
        let q0 = step(w0)
        return (UInt256(w0: q0, w1: q1, w2: q2, w3: q3), remainder)
    }

    /// The quotient of `self / divisor`, rounded down.
    /// - Parameter divisor: a non-zero value (zero traps).
    public func divided(by divisor: UInt64) -> UInt256 {
        quotientAndRemainder(dividingBy: divisor).quotient
    }

    /// The quotient, rounded down; traps on a zero divisor.
    public static func / (lhs: UInt256, rhs: UInt256) -> UInt256 {
        lhs.quotientAndRemainder(dividingBy: rhs).quotient
    }

    /// The remainder; traps on a zero divisor.
    public static func % (lhs: UInt256, rhs: UInt256) -> UInt256 {
        lhs.quotientAndRemainder(dividingBy: rhs).remainder
    }

    /// Divides in place; traps on a zero divisor.
    public static func /= (lhs: inout UInt256, rhs: UInt256) {
        lhs = lhs / rhs
    }

    /// Replaces with the remainder; traps on a zero divisor.
    public static func %= (lhs: inout UInt256, rhs: UInt256) {
        lhs = lhs % rhs
    }

    /// Sets bit `bit` (0 = least significant, below 256).
    private mutating func setBit(_ bit: Int) {
        let mask = UInt64(1) << UInt64(bit % 64)
        switch bit / 64 {
        case 0: w0 |= mask
        case 1: w1 |= mask
        case 2: w2 |= mask
        default: w3 |= mask
        }
    }
}
