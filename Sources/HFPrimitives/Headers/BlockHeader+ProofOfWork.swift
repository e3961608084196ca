// Proof of work of a single header against the target in its own `bits`.

extension BlockHeader {
    /// The target that `bits` stands for.
    /// - Throws: `CompactTargetError` for negative, overflowing or zero `bits`.
    public var target: UInt256 {
        get throws(CompactTargetError) { try compactTarget.target }
    }

    /// The work this header proves, `2²⁵⁶ / (target + 1)`; chain work is the sum over a chain.
    /// - Throws: `CompactTargetError` for negative, overflowing or zero `bits`.
    public var work: UInt256 {
        get throws(CompactTargetError) { try compactTarget.work }
    }

    /// Whether the hash, read as a little-endian 256-bit integer, is at or below the target of the header's own
    /// `bits`, and those bits are valid. Says nothing about whether `bits` is what the chain demands.
    public var hasValidProofOfWork: Bool {
        do {
            try checkProofOfWork()
            return true
        } catch {
            return false
        }
    }

    /// Checks the proof of work against the header's own `bits` (Bitcoin Core `CheckProofOfWork` without the
    /// network's limit, which is the chain validator's business: compare `target` with
    /// `Network.proofOfWorkLimit`).
    /// - Throws: `BlockHeaderError.invalidBits` for unusable bits, `.hashAboveTarget` when the hash is too high.
    public func checkProofOfWork() throws(BlockHeaderError) {
        let limit: UInt256
        do {
            limit = try target
        } catch {
            throw .invalidBits(error)
        }
        guard UInt256(blockHash: hash) <= limit else { throw .hashAboveTarget }
    }
}

extension UInt256 {
    /// A block hash read as a little-endian 256-bit integer: the number that proof of work compares with the target.
    public init(blockHash: BlockHash) {
        let limbs = blockHash.hash32.littleEndianLimbs
        self.init(w0: limbs.0, w1: limbs.1, w2: limbs.2, w3: limbs.3)
    }
}
