/// The base of a sighash type: which outputs a signature commits to.
public enum SighashBase: UInt32, CaseIterable, Sendable {
    /// `SIGHASH_ALL` (1): every output.
    case all = 1
    /// `SIGHASH_NONE` (2): no output.
    case none = 2
    /// `SIGHASH_SINGLE` (3): only the output at the input's own index.
    case single = 3
}
