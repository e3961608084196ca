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
        let fix =
            "the headers are damaged or from another chain; export them again from a watcher that follows this network"
        return switch self {
        case .emptyRun: "the header run is empty; export at least one header"
        case .beforeCheckpoint(let start, let checkpoint):
            "the run starts at height \(start), at or below the checkpoint \(checkpoint); only headers above it are "
                + "accepted"
        case .notAnchored(let start, let tip):
            "the run starts at height \(start) but the validated tip is \(tip); import the headers in between first"
        case .doesNotLink(let height):
            "the header at height \(height) does not link to the header below it (previous hash mismatch); \(fix)"
        case .invalidBits(let height): "the header at height \(height) has invalid difficulty bits; \(fix)"
        case .insufficientProofOfWork(let height):
            "the header at height \(height) does not meet the proof of work of its own bits; \(fix)"
        case .wrongBits(let height, let expected, let found):
            "the header at height \(height) has bits \(hex(found)) but the difficulty rule requires "
                + "\(hex(expected)); \(fix)"
        case .timeNotAfterMedian(let height, let time, let median):
            "the header at height \(height) has time \(time), not after the median \(median) of the previous 11 "
                + "headers; \(fix)"
        case .difficultyRuleUnavailable(let height):
            "the difficulty rule cannot be checked at height \(height); import the headers below it first"
        case .staleBranch(let fork):
            "the run forks at height \(fork) but has no more work than the local chain; it is a stale branch and "
                + "nothing was changed"
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
