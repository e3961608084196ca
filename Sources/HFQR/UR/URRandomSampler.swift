/// The Walker–Vose alias sampler of BCR-2020-005 (Keith Schwarz's method, with the index lists filled in reverse
/// order as the reference implementations do), which picks a part's degree.
public struct URRandomSampler: Sendable {
    private let probabilities: [Double]
    private let aliases: [Int]

    /// A sampler over `weights` (each ≥ 0, not all 0).
    public init(_ weights: [Double]) {
        precondition(!weights.isEmpty && weights.allSatisfy { $0 >= 0 }, "URRandomSampler: bad weights")
        let sum = weights.reduce(0, +)
        precondition(sum > 0, "URRandomSampler: the weights sum to 0")
        let count = weights.count
        var scaled = weights.map { $0 * Double(count) / sum }
        var small: [Int] = []
        var large: [Int] = []
        for index in stride(from: count - 1, through: 0, by: -1) {
            if scaled[index] < 1 { small.append(index) } else { large.append(index) }
        }
        var probabilities = [Double](repeating: 0, count: count)
        var aliases = [Int](repeating: 0, count: count)
        while let less = small.last, let more = large.last {
            small.removeLast()
            large.removeLast()
            probabilities[less] = scaled[less]
            aliases[less] = more
            scaled[more] += scaled[less] - 1
            if scaled[more] < 1 { small.append(more) } else { large.append(more) }
        }
        while let index = large.popLast() { probabilities[index] = 1 }
        while let index = small.popLast() { probabilities[index] = 1 }
        self.probabilities = probabilities
        self.aliases = aliases
    }

    /// The next index, from two doubles of `random`.
    public func next(_ random: inout Xoshiro256) -> Int {
        let first = random.nextDouble()
        let second = random.nextDouble()
        let index = Int(Double(probabilities.count) * first)
        return second < probabilities[index] ? index : aliases[index]
    }
}
