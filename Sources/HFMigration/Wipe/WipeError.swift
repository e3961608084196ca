/// Why a wipe or removal did not happen or did not finish. Never carries secrets or legacy IDs.
public enum WipeError: Error, Equatable, Sendable {
    /// The authorization was refused; nothing was deleted.
    case notAuthorized(String)
    /// Deleting a legacy mnemonic account failed; the store was not touched.
    case legacyCleanupFailed(String)
    /// Some wallet state could not be deleted.
    case failed(String)
}

extension WipeError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .notAuthorized(let why): "wipe refused, nothing was deleted: \(why)"
        case .legacyCleanupFailed(let why): "the legacy cleanup failed, so nothing else was deleted: \(why)"
        case .failed(let why): "the wipe failed: \(why)"
        }
    }
}
