/// A JSON number as bundles use it: an integer in `Int64.min ... UInt64.max`, with no fraction and no exponent.
///
/// The value is kept as a sign and a magnitude so that the whole range of both `Int64` and `UInt64` fits in one
/// type. The invariant: a negative number has a magnitude in `1 ... 2⁶³`, so there is no negative zero and every
/// value has exactly one representation (and one canonical text, `description`).
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    /// Whether the value is below zero.
    public let isNegative: Bool

    /// The absolute value.
    public let magnitude: UInt64

    // MARK: - Initializers

    /// The number `value`.
    public init(_ value: Int64) {
        isNegative = value < 0
        magnitude = value.magnitude
    }

    /// The number `value`.
    public init(_ value: UInt64) {
        isNegative = false
        magnitude = value
    }

    /// The number `value`.
    public init(_ value: Int) {
        self.init(Int64(value))
    }

    /// A number from its parts; nil for negative zero or a negative magnitude above 2⁶³.
    init?(isNegative: Bool, magnitude: UInt64) {
        if isNegative {
            guard magnitude >= 1, magnitude <= UInt64(Int64.max) + 1 else { return nil }
        }
        self.isNegative = isNegative
        self.magnitude = magnitude
    }

    // MARK: - Properties

    /// The value as an `Int64`, or nil when it is above `Int64.max`.
    public var int64Value: Int64? {
        if isNegative { return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude) }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// The value as a `UInt64`, or nil when it is negative.
    public var uint64Value: UInt64? { isNegative ? nil : magnitude }

    /// The canonical decimal text: no leading zeros, no plus sign, `-` only for negative values.
    public var description: String { (isNegative ? "-" : "") + String(magnitude) }
}
