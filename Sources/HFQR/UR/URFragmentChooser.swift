/// Which fragments a part of a multi-part UR carries (BCR-2020-005): part `k` of `n` for `k ≤ n` carries fragment
/// `k − 1` alone; a later part XORs a set chosen by xoshiro256** seeded with SHA-256(seqNum ‖ checksum, big-endian),
/// whose size comes from the alias sampler over the weights 1/1, 1/2, …, 1/n, and whose members are the first ones of
/// a Fisher–Yates shuffle of 0..<n.
public enum URFragmentChooser {
    /// The 0-based fragment indexes of part `sequence` (1-based) of `count` fragments, ascending.
    public static func fragments(sequence: UInt32, count: Int, checksum: UInt32) -> [Int] {
        precondition(count > 0, "URFragmentChooser: no fragments")
        if sequence >= 1, Int(sequence) <= count { return [Int(sequence) - 1] }
        var random = Xoshiro256(seed: CRC32.bytes(sequence) + CRC32.bytes(checksum))
        let degree = degree(count: count, random: &random)
        return Array(shuffled(Array(0..<count), random: &random).prefix(degree)).sorted()
    }

    /// A degree in 1...count.
    public static func degree(count: Int, random: inout Xoshiro256) -> Int {
        sampler(count: count).next(&random) + 1
    }

    /// `items` in the order of a Fisher–Yates shuffle drawn from `random` (each step takes the item at
    /// `nextInt(0…remaining−1)` out of the remaining ones).
    public static func shuffled<Item>(_ items: [Item], random: inout Xoshiro256) -> [Item] {
        var remaining = items
        var result: [Item] = []
        result.reserveCapacity(items.count)
        while !remaining.isEmpty {
            result.append(remaining.remove(at: random.nextInt(in: 0...(remaining.count - 1))))
        }
        return result
    }

    /// The degree sampler for `count` fragments.
    private static func sampler(count: Int) -> URRandomSampler {
        URRandomSampler((1...count).map { 1 / Double($0) })
    }
}
