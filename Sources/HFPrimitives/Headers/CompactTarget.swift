/// Bitcoin's compact encoding of a proof-of-work target: a header's `bits` field ("nBits").
///
/// `bits = exponent (8 bits) ‖ sign (1 bit) ‖ mantissa (23 bits)` stands for `mantissa × 256^(exponent − 3)`.
/// Decoding follows Bitcoin Core's `arith_uint256::SetCompact` and `CheckProofOfWork`: a set sign bit with a
/// non-zero mantissa is *negative*, a value that does not fit in 256 bits is an *overflow*, and a zero target is
/// refused too; each is reported distinctly. Encoding (`init(target:)`) follows `GetCompact` and always gives the
/// normalized form.
public struct CompactTarget: Hashable, Sendable {
    /// The 32-bit compact value as stored in the header.
    public let bits: UInt32

    // MARK: - Initializers

    /// Wraps a header's `bits` value (any value; it is checked when the target is read).
    public init(bits: UInt32) {
        self.bits = bits
    }

    /// The normalized compact form of `target` (Bitcoin Core `GetCompact`).
    ///
    /// Precision beyond the 23-bit mantissa is truncated (rounded down), so `target` → bits → target can give a
    /// smaller value; bits → target → bits always gives normalized bits back.
    public init(target: UInt256) {
        var size = (target.bitLength + 7) / 8
        var compact: UInt64
        if size <= 3 {
            compact = target.w0 << (8 * UInt64(3 - size))
        } else {
            compact = (target >> (8 * (size - 3))).w0
        }
        // 0x00800000 is the sign bit: move the mantissa down a byte rather than set it.
        if compact & 0x0080_0000 != 0 {
            compact >>= 8
            size += 1
        }
        bits = UInt32(compact) | UInt32(size) << 24
    }

    // MARK: - Properties

    /// The 256-bit target.
    /// - Throws: `CompactTargetError.negative`, `.overflow` or `.zero`.
    public var target: UInt256 {
        get throws(CompactTargetError) {
            let size = Int(bits >> 24)
            // As in Core, a small exponent shifts the mantissa down before the sign and overflow checks.
            var word = bits & 0x007f_ffff
            if size <= 3 { word >>= 8 * UInt32(3 - size) }
            if word != 0, bits & 0x0080_0000 != 0 { throw .negative }
            let overflow = size > 34 || (word > 0xff && size > 33) || (word > 0xffff && size > 32)
            if word != 0, overflow { throw .overflow }
            if word == 0 { throw .zero }
            return size <= 3 ? UInt256(UInt64(word)) : UInt256(UInt64(word)) << (8 * (size - 3))
        }
    }

    /// The expected number of hashes to meet this target, `2²⁵⁶ / (target + 1)` (Bitcoin Core `GetBlockProof`).
    /// - Throws: as `target`.
    public var work: UInt256 {
        get throws(CompactTargetError) { Self.work(target: try target) }
    }

    // MARK: - Static methods

    /// `2²⁵⁶ / (target + 1)`, computed as `(~target / (target + 1)) + 1` so that nothing exceeds 256 bits.
    /// - Parameter target: a non-zero target (zero would need 2²⁵⁶ and is a programmer error).
    public static func work(target: UInt256) -> UInt256 {
        precondition(!target.isZero, "the work of a zero target does not fit in 256 bits")
        if target == .max { return .one }
        return (~target / (target + .one)) + .one
    }
}

// MARK: - CustomStringConvertible

extension CompactTarget: CustomStringConvertible {
    /// The 8 lower-case hex digits, e.g. `"1d00ffff"`, as WhatsOnChain shows `bits`.
    public var description: String {
        let digits = String(bits, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
