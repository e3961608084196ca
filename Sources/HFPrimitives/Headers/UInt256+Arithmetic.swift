// Addition, subtraction and multiplication of `UInt256`, trapping and wrapping.

extension UInt256 {
    // MARK: - Reporting overflow

    /// `self + other` modulo 2²⁵⁶, and whether the true sum needed more than 256 bits.
    public func addingReportingOverflow(_ other: UInt256) -> (partialValue: UInt256, overflow: Bool) {
        let (s0, c0) = w0.addingReportingOverflow(other.w0)
        let (s1, c1) = Self.add3(w1, other.w1, c0)
        let (s2, c2) = Self.add3(w2, other.w2, c1)
        let (s3, c3) = Self.add3(w3, other.w3, c2)
        return (UInt256(w0: s0, w1: s1, w2: s2, w3: s3), c3)
    }

    /// `self − other` modulo 2²⁵⁶, and whether `other` was larger (the true difference is negative).
    public func subtractingReportingOverflow(_ other: UInt256) -> (partialValue: UInt256, overflow: Bool) {
        let (d0, b0) = w0.subtractingReportingOverflow(other.w0)
        let (d1, b1) = Self.subtract3(w1, other.w1, b0)
        let (d2, b2) = Self.subtract3(w2, other.w2, b1)
        let (d3, b3) = Self.subtract3(w3, other.w3, b2)
        return (UInt256(w0: d0, w1: d1, w2: d2, w3: d3), b3)
    }

    /// `self × other` modulo 2²⁵⁶, and whether the true product needed more than 256 bits.
    public func multipliedReportingOverflow(by other: UInt256) -> (partialValue: UInt256, overflow: Bool) {
        // Schoolbook multiplication into 8 limbs on the stack; anything at limb 4 or above is overflow.
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 8) { product in
            product.initialize(repeating: 0)
            for i in 0..<4 where limb(i) != 0 {
                var carry: UInt64 = 0
                for j in 0..<4 {
                    let (high, low) = limb(i).multipliedFullWidth(by: other.limb(j))
                    let (sum1, c1) = product[i + j].addingReportingOverflow(low)
                    let (sum2, c2) = sum1.addingReportingOverflow(carry)
                    product[i + j] = sum2
                    // a×b + limb + carry ≤ 2¹²⁸ − 1, so the high half cannot wrap.
                    carry = high &+ (c1 ? 1 : 0) &+ (c2 ? 1 : 0)
                }
                product[i + 4] = carry
            }
            let overflow = product[4] != 0 || product[5] != 0 || product[6] != 0 || product[7] != 0
            return (UInt256(w0: product[0], w1: product[1], w2: product[2], w3: product[3]), overflow)
        }
    }

    /// `self × factor` modulo 2²⁵⁶, and whether the true product needed more than 256 bits.
    public func multipliedReportingOverflow(by factor: UInt64) -> (partialValue: UInt256, overflow: Bool) {
        multipliedReportingOverflow(by: UInt256(factor))
    }

    /// `self × factor`.
    ///
    /// Traps if the product does not fit in 256 bits; use `multipliedReportingOverflow(by:)` to check first.
    public func multiplied(by factor: UInt64) -> UInt256 {
        let (product, overflow) = multipliedReportingOverflow(by: factor)
        precondition(!overflow, "UInt256 multiplication overflow")
        return product
    }

    // MARK: - Operators

    /// The sum; traps on overflow.
    public static func + (lhs: UInt256, rhs: UInt256) -> UInt256 {
        let (sum, overflow) = lhs.addingReportingOverflow(rhs)
        precondition(!overflow, "UInt256 addition overflow")
        return sum
    }

    /// The difference; traps if `rhs > lhs`.
    public static func - (lhs: UInt256, rhs: UInt256) -> UInt256 {
        let (difference, overflow) = lhs.subtractingReportingOverflow(rhs)
        precondition(!overflow, "UInt256 subtraction overflow")
        return difference
    }

    /// The product; traps on overflow.
    public static func * (lhs: UInt256, rhs: UInt256) -> UInt256 {
        let (product, overflow) = lhs.multipliedReportingOverflow(by: rhs)
        precondition(!overflow, "UInt256 multiplication overflow")
        return product
    }

    /// The sum modulo 2²⁵⁶.
    public static func &+ (lhs: UInt256, rhs: UInt256) -> UInt256 {
        lhs.addingReportingOverflow(rhs).partialValue
    }

    /// The difference modulo 2²⁵⁶.
    public static func &- (lhs: UInt256, rhs: UInt256) -> UInt256 {
        lhs.subtractingReportingOverflow(rhs).partialValue
    }

    /// The product modulo 2²⁵⁶.
    public static func &* (lhs: UInt256, rhs: UInt256) -> UInt256 {
        lhs.multipliedReportingOverflow(by: rhs).partialValue
    }

    /// Adds in place; traps on overflow.
    public static func += (lhs: inout UInt256, rhs: UInt256) {
        lhs = lhs + rhs
    }

    /// Subtracts in place; traps if `rhs > lhs`.
    public static func -= (lhs: inout UInt256, rhs: UInt256) {
        lhs = lhs - rhs
    }

    /// Multiplies in place; traps on overflow.
    public static func *= (lhs: inout UInt256, rhs: UInt256) {
        lhs = lhs * rhs
    }

    // MARK: - Limb helpers

    /// `a + b + carry` for one limb, with the carry out.
    private static func add3(_ a: UInt64, _ b: UInt64, _ carry: Bool) -> (UInt64, Bool) {
        let (sum1, c1) = a.addingReportingOverflow(b)
        let (sum2, c2) = sum1.addingReportingOverflow(carry ? 1 : 0)
        return (sum2, c1 || c2)
    }

    /// `a − b − borrow` for one limb, with the borrow out.
    private static func subtract3(_ a: UInt64, _ b: UInt64, _ borrow: Bool) -> (UInt64, Bool) {
        let (difference1, b1) = a.subtractingReportingOverflow(b)
        let (difference2, b2) = difference1.subtractingReportingOverflow(borrow ? 1 : 0)
        return (difference2, b1 || b2)
    }
}
