public import HFNetwork
public import HFPrimitives

/// The comparison of two header providers' answers for the same heights (issue 17, "two header sources"): which
/// heights both answered with the same hash, and the first height where they differ.
///
/// Heights only one provider answered (one lags behind the other) are neither agreement nor disagreement: the
/// common part ends where the shorter answer ends. A disagreement at least ``settledDepth`` below the tip is
/// ``Disagreement/isSettled``: one of the two services is serving another chain, and nothing may be trusted until
/// the operator resolves it. One nearer the tip is an ordinary race between services; only the common part is used.
public struct HeaderSourceComparison: Sendable, Equatable {
    /// How deep below the tip a height must be (tip − height ≥ 6) for a disagreement there to stop the sync.
    public static let settledDepth = 6

    /// One provider's answer: its name (such as `junglebus`) and the records it returned.
    public struct Answer: Sendable, Equatable {
        /// The provider's name, as the bundle's `sources` names it.
        public let name: String
        /// The records, in any order (at most one per height is used: the first).
        public let records: [BlockHeaderRecord]

        /// An answer from its parts.
        public init(name: String, records: [BlockHeaderRecord]) {
            self.name = name
            self.records = records
        }
    }

    /// The first height where the two answers name different blocks.
    public struct Disagreement: Sendable, Equatable, CustomStringConvertible {
        /// The height.
        public let height: Int
        /// The first provider's name and hash there.
        public let first: (name: String, hash: BlockHash)
        /// The second provider's name and hash there.
        public let second: (name: String, hash: BlockHash)
        /// Whether the height is at least ``HeaderSourceComparison/settledDepth`` below the tip.
        public let isSettled: Bool

        /// Equal when every part is.
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.height == rhs.height && lhs.first == rhs.first && lhs.second == rhs.second
                && lhs.isSettled == rhs.isSettled
        }

        /// A sentence naming the height and both answers.
        public var description: String {
            "at height \(height) \(first.name) answers \(first.hash.displayHex) but \(second.name) answers "
                + "\(second.hash.displayHex)"
        }
    }

    /// The providers compared, in order.
    public let names: [String]
    /// The highest height up to which both answered and agreed at every height both answered, or nil when they
    /// share no agreeing height (no overlap, or a disagreement at the first shared height).
    public let agreedThrough: Int?
    /// The first height where they differ, if any.
    public let disagreement: Disagreement?

    /// Compares `first` and `second` over the heights both answered, with the chain's tip at `tip`.
    public init(_ first: Answer, _ second: Answer, tip: Int) {
        names = [first.name, second.name]
        let other = Dictionary(second.records.map { ($0.height, $0.hash) }, uniquingKeysWith: { kept, _ in kept })
        var agreed: Int?
        var found: Disagreement?
        var seen = Set<Int>()
        for record in first.records.sorted(by: { $0.height < $1.height }) where seen.insert(record.height).inserted {
            guard let theirs = other[record.height] else { continue }
            guard theirs == record.hash else {
                found = Disagreement(
                    height: record.height, first: (first.name, record.hash), second: (second.name, theirs),
                    isSettled: tip - record.height >= Self.settledDepth)
                break
            }
            agreed = record.height
        }
        agreedThrough = agreed
        disagreement = found
    }

    /// Whether the comparison must stop the sync: a disagreement settled below the tip.
    public var isBlocking: Bool { disagreement?.isSettled == true }
}
