/// Deterministic pseudo-random bytes (xorshift), for payloads that do not compress.
public func noise(_ count: Int, seed: UInt64) -> [UInt8] {
    var state = seed &* 0x9e37_79b9_7f4a_7c15 | 1
    return (0..<count).map { _ in
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return UInt8(truncatingIfNeeded: state >> 24)
    }
}

/// A deterministic shuffle (Fisher–Yates with xorshift).
public func shuffled<T>(_ items: [T], seed: UInt64) -> [T] {
    var copy = items
    var state = seed | 1
    for index in stride(from: copy.count - 1, to: 0, by: -1) {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        copy.swapAt(index, Int(state % UInt64(index + 1)))
    }
    return copy
}
