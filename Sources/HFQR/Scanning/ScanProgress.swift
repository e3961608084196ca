/// Where one animation stands: exactly how many parts are in, and which are missing.
public struct ScanProgress: Hashable, Sendable, CustomStringConvertible {
    /// The animation.
    public let animation: AnimationKey
    /// Distinct parts received (each index counted once).
    public let received: Int
    /// Parts in the animation.
    public let total: Int
    /// The 0-based indexes still missing, in order.
    public let missing: [Int]
    /// Frames held aside because they contradicted a part already received at the same index.
    public let conflicts: Int

    /// For a fountain (UR) animation: the distinct parts received, dependent ones included (`received` is then the
    /// rank: the independent parts); for others equal to `received`.
    public let partsReceived: Int

    /// Progress from its parts.
    public init(animation: AnimationKey, received: Int, total: Int, missing: [Int], conflicts: Int,
                partsReceived: Int? = nil)
    {
        self.animation = animation
        self.received = received
        self.total = total
        self.missing = missing
        self.conflicts = conflicts
        self.partsReceived = partsReceived ?? received
    }

    /// Whether every part is in.
    public var isComplete: Bool { animation.isFountain ? received == total : missing.isEmpty }

    /// E.g. `BBQr Z/J, 5 parts of 1240 characters: 3 of 5; missing 1, 4`.
    public var description: String {
        var text = "\(animation): \(received) of \(total)"
        if animation.isFountain { return text + " independent parts (\(partsReceived) received)" }
        if !missing.isEmpty { text += "; missing " + Self.ranges(missing) }
        if conflicts > 0 { text += "; \(conflicts) contradicting frame\(conflicts == 1 ? "" : "s") held aside" }
        return text
    }

    /// Sorted indexes as ranges: `[0, 1, 2, 5, 7, 8]` → `0-2, 5, 7-8`.
    public static func ranges(_ indexes: [Int]) -> String {
        var runs: [(first: Int, last: Int)] = []
        for index in indexes.sorted() {
            if let run = runs.last, index == run.last + 1 {
                runs[runs.count - 1].last = index
            } else if runs.last?.last != index {
                runs.append((index, index))
            }
        }
        return runs.map { $0.first == $0.last ? "\($0.first)" : "\($0.first)-\($0.last)" }.joined(separator: ", ")
    }
}
