/// The value of the global `--network` option.
///
/// The command-line kit does not depend on `HFPrimitives`; executables map this to their own `Network` type.
public enum NetworkName: String, Sendable, CaseIterable, Equatable {
    /// The BSV main network (the default).
    case main
    /// The BSV test network.
    case test
    /// A local regression-test chain, such as `hf-devnet`.
    case regtest
}
