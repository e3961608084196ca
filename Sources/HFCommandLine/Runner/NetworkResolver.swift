/// Chooses the network a command runs on, after its arguments parsed and before it runs.
///
/// A tool whose home remembers its network (`hf-signer`, `hf-watcher`) gives one to ``CommandRunner``: it is called
/// with the global options (``GlobalOptions/givenNetwork`` tells whether `--network` was written) and the command's
/// path (`["hf-signer", "wallet", "create"]`), and returns the network the command uses, or throws a
/// ``CommandError`` (a usage error, 64, when the home holds nothing for the network named) that the runner reports
/// like any command failure. Help and `--version` never call it.
public typealias NetworkResolver = @Sendable (_ globals: GlobalOptions, _ path: [String]) throws(CommandError) -> NetworkName
