/// What `HeaderChain.commitValidatedRun` changed.
public struct HeaderCommit: Sendable, Equatable {
    /// Headers added above the previous tip or on the new branch.
    public let added: Int
    /// Headers of the old chain that a heavier branch replaced (0 without a reorganisation).
    public let replaced: Int
    /// The lowest height whose header changed (receipts at or above it, in replaced blocks, lose their confirmed
    /// state); nil when nothing was replaced.
    public var firstReplacedHeight: Int? { replaced > 0 ? validatedTipHeightBefore - replaced + 1 : nil }
    /// The validated tip height before the commit.
    public let validatedTipHeightBefore: Int
    /// The validated tip height after the commit.
    public let validatedTipHeight: Int

    /// True when the run only repeated headers the chain already had.
    public var isNoOp: Bool { added == 0 && replaced == 0 }
}
