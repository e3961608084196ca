import HFPrimitives

/// The acceptance checks of one header against its ancestry (docs/design.md §5): link, proof of work against its own bits,
/// bits as the network's rule demands, time above the median of the previous 11.
enum HeaderValidator {
    /// Validates `header` at `height`, whose parent is the highest header of `ancestry`.
    ///
    /// - Returns: the header's work (from its bits).
    /// - Throws: `HeaderRejection` naming the failed check.
    static func validate(
        _ header: BlockHeader, hash: BlockHash, height: Int, network: Network, ancestry: some HeaderAncestry,
        workCache: inout WorkCache
    ) throws(HeaderRejection) -> UInt256 {
        guard header.previousBlockHash == ancestry.hash(at: height - 1) else { throw .doesNotLink(height: height) }
        guard let target = try? workCache.target(forBits: header.bits), target <= network.proofOfWorkLimit else {
            throw .invalidBits(height: height)
        }
        guard workCache.meetsTarget(hash) else {
            throw .insufficientProofOfWork(height: height)
        }
        if let required = try DifficultyRule.requiredBits(network: network, height: height, in: ancestry),
            required != header.bits
        {
            throw .wrongBits(height: height, expected: required, found: header.bits)
        }
        let median = MedianTimePast.median(endingAt: height - 1, in: ancestry)
        guard header.time > median else { throw .timeNotAfterMedian(height: height, time: header.time, median: median) }
        return workCache.work(forBits: header.bits, target: target)
    }
}

/// Remembers the target and work of the last bits seen: consecutive headers often share bits (always on regtest,
/// every 2016 blocks on early mainnet), and the 256-bit division is the costliest step of validation.
struct WorkCache {
    private var bits: UInt32?
    private var target = UInt256.zero
    private var work = UInt256.zero

    mutating func target(forBits bits: UInt32) throws(CompactTargetError) -> UInt256 {
        if bits == self.bits { return target }
        let target = try CompactTarget(bits: bits).target
        self.bits = bits
        self.target = target
        self.work = CompactTarget.work(target: target)
        return target
    }

    /// Whether `hash`, read as a little-endian number, is at or below the cached target: four word compares on the
    /// inline hash, nothing allocated. Call after `target(forBits:)`.
    func meetsTarget(_ hash: BlockHash) -> Bool {
        UInt256(blockHash: hash) <= target
    }

    func work(forBits bits: UInt32, target: UInt256) -> UInt256 {
        bits == self.bits ? work : CompactTarget.work(target: target)
    }
}
