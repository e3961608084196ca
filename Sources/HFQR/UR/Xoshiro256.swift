import HFCrypto

/// The xoshiro256** generator that BCR-2020-005 seeds from SHA-256 to choose a part's fragments (its state is the
/// digest read as four big-endian 64-bit words). The same seed gives the same numbers on every platform.
public struct Xoshiro256: Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// A generator seeded with SHA-256 of `seed`.
    public init(seed: [UInt8]) {
        let digest = Hash.sha256(seed)
        func word(_ index: Int) -> UInt64 {
            digest[(index * 8)..<(index * 8 + 8)].reduce(0) { $0 << 8 | UInt64($1) }
        }
        state = (word(0), word(1), word(2), word(3))
    }

    /// The next 64 bits.
    public mutating func next() -> UInt64 {
        let result = rotate(state.1 &* 5, 7) &* 9
        let shifted = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= shifted
        state.3 = rotate(state.3, 45)
        return result
    }

    /// A double in [0, 1): `next()` divided by 2⁶⁴ (IEEE-754, as the reference implementations compute it).
    public mutating func nextDouble() -> Double {
        Double(next()) / (Double(UInt64.max) + 1)
    }

    /// An integer in `range`, from `nextDouble()`.
    public mutating func nextInt(in range: ClosedRange<Int>) -> Int {
        Int(nextDouble() * Double(range.count)) + range.lowerBound
    }

    /// `count` bytes, each `nextInt(in: 0...255)` (how the reference tests make their messages).
    public mutating func nextBytes(count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(nextInt(in: 0...255)) }
    }

    private func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 { (value << bits) | (value >> (64 - bits)) }
}
