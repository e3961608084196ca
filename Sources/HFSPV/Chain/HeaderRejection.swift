/// Why a header run was refused. Heights are those of the offending header; nothing was changed.
public enum HeaderRejection: Error, Equatable, Sendable {
    /// The run holds no headers.
    case emptyRun
    /// The run starts at or below the checkpoint, which is fixed.
    case beforeCheckpoint(startHeight: Int, checkpointHeight: Int)
    /// No local header at `startHeight − 1` (the run starts above the validated tip + 1).
    case notAnchored(startHeight: Int, validatedTipHeight: Int)
    /// The header's previous-block hash is not the hash of the header below it.
    case doesNotLink(height: Int)
    /// The header's bits do not decode to a valid target.
    case invalidBits(height: Int)
    /// The header's hash is above the target of its own bits.
    case insufficientProofOfWork(height: Int)
    /// The bits differ from what the network's difficulty rule demands at this height.
    case wrongBits(height: Int, expected: UInt32, found: UInt32)
    /// The time is not greater than the median of the previous 11 headers.
    case timeNotAfterMedian(height: Int, time: UInt32, median: UInt32)
    /// The difficulty rule cannot be evaluated here (too little context, or an era that is not implemented).
    case difficultyRuleUnavailable(height: Int)
    /// The run forks from the local chain but does not carry more work than the suffix it would replace.
    case staleBranch(forkHeight: Int)
    /// The run forks more than `maximumReorgDepth` headers below the tip.
    case reorgTooDeep(forkHeight: Int, depth: Int)
}

extension HeaderRejection: CustomStringConvertible {
    /// A sentence naming the check that failed and where.
    public var description: String {
        switch self {
        case .emptyRun: "the header run is empty"
        case .beforeCheckpoint(let start, let checkpoint):
            "the run starts at height \(start), at or below the checkpoint \(checkpoint); only headers above it are accepted"
        case .notAnchored(let start, let tip):
            "the run starts at height \(start) but the validated tip is \(tip); import the headers in between first"
        case .doesNotLink(let height): "header \(height) does not link to the header below it (previous hash mismatch)"
        case .invalidBits(let height): "header \(height) has invalid difficulty bits"
        case .insufficientProofOfWork(let height): "header \(height) does not meet the proof of work of its own bits"
        case .wrongBits(let height, let expected, let found):
            "header \(height) has bits \(hex(found)) but the difficulty rule requires \(hex(expected))"
        case .timeNotAfterMedian(let height, let time, let median):
            "header \(height) has time \(time), not after the median \(median) of the previous 11 headers"
        case .difficultyRuleUnavailable(let height): "the difficulty rule cannot be checked at height \(height)"
        case .staleBranch(let fork):
            "the run forks at height \(fork) but has no more work than the local chain; it is a stale branch"
        case .reorgTooDeep(let fork, let depth):
            "the run forks at height \(fork), \(depth) headers below the tip; reorganisations deeper than "
                + "\(HeaderChain.maximumReorgDepth) are refused"
        }
    }

    private func hex(_ bits: UInt32) -> String {
        let digits = String(bits, radix: 16)
        return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}
