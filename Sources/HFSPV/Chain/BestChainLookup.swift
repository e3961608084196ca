public import HFPrimitives

/// Whether a stored proof's block is on a chain's best branch now: the chain's header at the proof's height is
/// that block (docs/design.md §2, "Derived, not stored twice"). Both programs decide confirmation this way, every time they
/// show or export it, so no stored flag can disagree with the chain after a reorganisation.
///
/// Each height is looked up once per value: an old header costs a read of the header file and a hash, and many
/// receipts share a block. Make one per ledger or export (the chain may move between them).
public struct BestChainLookup {
    private let chain: HeaderChain
    /// The hashes looked up so far (nil: no header at that height).
    private var hashes: [Int: BlockHash?] = [:]

    /// Lookups against `chain` as it is now.
    public init(chain: HeaderChain) { self.chain = chain }

    /// Whether block `hash` is the chain's header at `height` (false outside `[checkpoint, validatedTipHeight]`).
    public mutating func contains(_ hash: BlockHash, atHeight height: Int) -> Bool {
        if let known = hashes[height] { return known == hash }
        let onChain = chain.hash(at: height)
        hashes.updateValue(onChain, forKey: height)
        return onChain == hash
    }
}
