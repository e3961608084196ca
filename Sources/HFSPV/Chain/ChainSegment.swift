import HFPrimitives

/// Headers from a base height upward with their hashes and cumulative work: the chain's memory, and the ancestry a
/// run is validated against (a prefix of the chain plus the run's headers validated so far).
struct ChainSegment: HeaderAncestry {
    /// Height of the first element.
    let lowestHeight: Int
    private(set) var headers: [BlockHeader] = []
    private(set) var hashes: [BlockHash] = []
    /// The headers' times, kept apart so the time rules read them without copying headers.
    private(set) var times: [UInt32] = []
    /// Cumulative work from the first element (inclusive).
    private(set) var works: [UInt256] = []

    init(lowestHeight: Int) { self.lowestHeight = lowestHeight }

    /// Makes room for `count` more headers when they at least double the segment, so that appending a long run
    /// allocates each array once instead of regrowing it (a short run keeps the arrays' own doubling).
    mutating func reserveCapacity(forAdding count: Int) {
        guard count > headers.count else { return }
        headers.reserveCapacity(headers.count + count)
        hashes.reserveCapacity(hashes.count + count)
        times.reserveCapacity(times.count + count)
        works.reserveCapacity(works.count + count)
    }

    /// Height of the last element.
    var tipHeight: Int { lowestHeight + headers.count - 1 }

    func header(at height: Int) -> BlockHeader { headers[height - lowestHeight] }
    func hash(at height: Int) -> BlockHash { hashes[height - lowestHeight] }
    func time(at height: Int) -> UInt32 { times[height - lowestHeight] }
    func chainWork(at height: Int) -> UInt256 { works[height - lowestHeight] }

    /// True when `height` is held.
    func contains(_ height: Int) -> Bool { height >= lowestHeight && height <= tipHeight }

    /// Appends a header whose work is `work`.
    mutating func append(_ header: BlockHeader, hash: BlockHash, work: UInt256) {
        let total = works.last.map { $0 &+ work } ?? work
        headers.append(header)
        hashes.append(hash)
        times.append(header.time)
        works.append(total)
    }

    /// Drops everything above `height`.
    mutating func truncate(above height: Int) {
        let keep = max(0, height - lowestHeight + 1)
        headers.removeSubrange(keep...)
        hashes.removeSubrange(keep...)
        times.removeSubrange(keep...)
        works.removeSubrange(keep...)
    }
}
