/// The program a file was given to, for the sentences that direct a file to the command that takes it.
public enum BundleReader: Sendable, Equatable {
    /// `hf-signer`, the offline machine.
    case signer
    /// `hf-watcher`, the online machine.
    case watcher
}
