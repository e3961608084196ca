/// Why a devnet operation failed (mempool verdicts are `MempoolRejection`, returned as data).
///
/// No case carries key material: the coinbase key file is named by path only.
public enum DevnetError: Error, Equatable, Sendable {
    /// The state directory could not be created or opened.
    case stateDirectory(path: String, reason: String)
    /// Another process (or another `DevnetChain` in this one) holds the state directory.
    case stateDirectoryInUse(path: String)
    /// The coinbase key file exists but cannot be read or decoded.
    case keyFile(path: String, reason: String)
    /// The coinbase key file is readable or writable by group or others, or owned by someone else.
    case keyFileTooOpen(path: String, mode: UInt32)
    /// Reading, writing or syncing a state file failed; nothing in memory changed.
    case storage(path: String, reason: String)
    /// The chain was closed with `close()`.
    case closed
    /// `mine` was asked for fewer than one block or more than `DevnetChain.maxBlocksPerCall`.
    case invalidBlockCount(Int)
    /// `reorg` was asked to fork at a height outside `1…tip` (genesis stays; above the tip there is nothing to
    /// disconnect).
    case reorgOutOfRange(from: Int, tip: Int)
    /// `reorg` was asked for a branch that is not heavier than the blocks it would replace: `blocks` must be more
    /// than `tip − from + 1`.
    case reorgNotHeavier(from: Int, blocks: Int, tip: Int)
    /// `fund` was asked for 0 satoshis or more than 21 000 000 BSV.
    case invalidAmount(UInt64)
    /// The devnet key's mature outputs cannot pay `needed` satoshis (amount plus fee) even after mining.
    case insufficientFunds(available: UInt64, needed: UInt64)
    /// An internal invariant failed (a bug): a mined header did not validate, or the devnet's own funding
    /// transaction was refused.
    case internalInconsistency(String)
}

// MARK: - CustomStringConvertible

extension DevnetError: CustomStringConvertible {
    /// A sentence naming the problem and, where there is one, what to do.
    public var description: String {
        switch self {
        case .stateDirectory(let path, let reason): "cannot use the devnet state directory \(path): \(reason)"
        case .stateDirectoryInUse(let path):
            "the devnet state directory \(path) is in use by another hf-devnet; stop it or use another --state"
        case .keyFile(let path, let reason): "cannot read the devnet coinbase key \(path): \(reason)"
        case .keyFileTooOpen(let path, let mode):
            "the devnet coinbase key \(path) has mode \(String(mode, radix: 8)); run chmod 600 \(path)"
        case .storage(let path, let reason): "devnet state file \(path): \(reason)"
        case .closed: "the devnet chain is closed"
        case .invalidBlockCount(let count):
            "cannot mine \(count) blocks: ask for 1 to \(DevnetChain.maxBlocksPerCall)"
        case .reorgOutOfRange(let from, let tip):
            tip == 0
                ? "cannot reorganize from height \(from): the chain holds only genesis; mine blocks first"
                : "cannot reorganize from height \(from): the tip is at height \(tip); give --from 1 to \(tip)"
        case .reorgNotHeavier(let from, let blocks, let tip):
            "a branch of \(blocks) block\(blocks == 1 ? "" : "s") from height \(from) is not heavier than the "
                + "\(tip - from + 1) it would replace (heights \(from) to \(tip)); "
                + "give --blocks \(tip - from + 2) or more"
        case .invalidAmount(let satoshis): "cannot fund \(satoshis) satoshis: ask for 1 sat to 21 000 000 BSV"
        case .insufficientFunds(let available, let needed):
            "the devnet key has \(available) sat in mature outputs but \(needed) sat are needed"
        case .internalInconsistency(let what): "devnet internal error: \(what)"
        }
    }
}
