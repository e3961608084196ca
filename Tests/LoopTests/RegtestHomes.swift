import HFTestSupport

/// A loop test's two homes in one temporary directory, run on regtest: `signer/` with the store passphrase file,
/// and `watcher/`.
protocol RegtestHomes {
    var dir: TemporaryDirectory { get }
    /// The store passphrase file (mode 0600) every signer run passes.
    var passphrase: String { get }
}

extension RegtestHomes {
    func sign(_ arguments: [String]) throws -> BuiltTool.Result {
        try BuiltTool("hf-signer").run(
            ["--home", dir.path("signer"), "--network", "regtest", "--passphrase-file", passphrase] + arguments)
    }

    func watch(_ arguments: [String]) throws -> BuiltTool.Result {
        try BuiltTool("hf-watcher").run(["--home", dir.path("watcher"), "--network", "regtest"] + arguments)
    }
}
