import HFPrimitives

/// Read access to the headers below the one being validated, as the difficulty and time rules need them.
///
/// Heights are absolute. `chainWork(at:)` is cumulative work from an arbitrary base, so only differences between
/// two heights are meaningful.
protocol HeaderAncestry {
    /// The lowest height available.
    var lowestHeight: Int { get }
    /// The header at `height` (from `lowestHeight` up to the parent of the header under validation).
    func header(at height: Int) -> BlockHeader
    /// The time of the header at `height` (the hot path of the median-time rule, without copying the header).
    func time(at height: Int) -> UInt32
    /// The hash of the header at `height`.
    func hash(at height: Int) -> BlockHash
    /// Cumulative work up to and including `height`.
    func chainWork(at height: Int) -> UInt256
}
