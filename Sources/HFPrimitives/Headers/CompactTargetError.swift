/// Why a compact `bits` value does not stand for a usable proof-of-work target.
///
/// The three cases are the three ways Bitcoin Core's `CheckProofOfWork` refuses `bits` before looking at the hash.
public enum CompactTargetError: Error, Equatable, Sendable {
    /// The sign bit (0x00800000) is set and the mantissa is not zero.
    case negative
    /// The value does not fit in 256 bits (exponent too large for the mantissa).
    case overflow
    /// The target is zero (zero mantissa, or a mantissa shifted out by a small exponent), which no hash can meet.
    case zero
}

extension CompactTargetError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .negative: "the compact target (bits) is negative: its sign bit is set"
        case .overflow: "the compact target (bits) does not fit in 256 bits"
        case .zero: "the compact target (bits) is zero, which no block hash can meet"
        }
    }
}
