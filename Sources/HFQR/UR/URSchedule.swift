/// The order in which our UR frames show sequence numbers: parts 1…n (the fragments), then, of the next four sequence
/// numbers, the one whose fragments include the one covered longest ago; the numbers passed over are never shown.
///
/// Every frame is still a standard BCR-2020-005 part (any reader decodes it: a part's content depends only on its
/// sequence number), but the mixed parts shown then cover every fragment regularly, which is what the elimination
/// needs. Measured from a random start in the first 3n frames at 30% loss (n = 41, 1,000 trials): with consecutive
/// numbers the overhead over n received parts averages 4.4 and exceeds 10 in 7.3% of scans; with this schedule 2.2
/// and 0.3%.
public struct URSchedule: Sendable {
    /// How many upcoming sequence numbers are weighed for each mixed frame.
    public static let window: UInt32 = 4

    private let fragmentCount: Int
    private let checksum: UInt32
    /// The slot each fragment was last covered in.
    private var lastCovered: [Int]
    /// The next sequence number not yet passed.
    private var next: UInt32 = 1
    /// The sequence numbers chosen so far, by slot.
    public private(set) var sequences: [UInt32] = []

    /// The schedule of an encoder's parts.
    public init(_ encoder: URFountainEncoder) {
        fragmentCount = encoder.fragmentCount
        checksum = encoder.checksum
        lastCovered = [Int](repeating: 0, count: encoder.fragmentCount)
    }

    /// The sequence number shown in slot `index` (0-based), choosing as far as needed.
    public mutating func sequence(at index: Int) -> UInt32 {
        while sequences.count <= index { choose() }
        return sequences[index]
    }

    /// The first `count` sequence numbers.
    public mutating func first(_ count: Int) -> [UInt32] {
        if count > 0 { _ = sequence(at: count - 1) }
        return Array(sequences.prefix(count))
    }

    private mutating func choose() {
        let slot = sequences.count + 1
        var chosen = next
        if Int(next) > fragmentCount, fragmentCount > 1 {
            var best = -1
            for candidate in next..<(next &+ Self.window) where candidate != 0 {
                let set = URFragmentChooser.fragments(sequence: candidate, count: fragmentCount, checksum: checksum)
                let staleness = set.map { slot - lastCovered[$0] }.max() ?? 0
                if staleness > best { (best, chosen) = (staleness, candidate) }
            }
        }
        for index in URFragmentChooser.fragments(sequence: chosen, count: fragmentCount, checksum: checksum) {
            lastCovered[index] = slot
        }
        sequences.append(chosen)
        next = chosen &+ 1 == 0 ? 1 : chosen &+ 1
    }
}
