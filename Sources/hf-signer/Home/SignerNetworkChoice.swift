import HFCommandLine
import HFPrimitives
import HFSignerCore

/// Chooses the network each `hf-signer` command runs on from `--network` and the home (docs/design.md §7, "The
/// home's network"; hf-signer(1), NETWORK): without `--network`, the home's; a `--network` the home holds nothing
/// for is refused (64) unless the command may add a network or reads nothing of the home.
enum SignerNetworkChoice {
    /// The command paths (after `hf-signer`) that may name any network: they bring a network into the home
    /// (`init`, adding a wallet, a restore, a migration), do not read it (`keys`, `qr`, verifying a message or a
    /// certificate), or list what the home has of a network (`wallet list`: an empty list is an answer), or act on
    /// the whole home and judge the network themselves (`wipe`: a zero-balance wipe names mainnet's rule itself).
    static let mayAdd: [[String]] = [
        ["init"], ["wallet", "create"], ["wallet", "import"], ["wallet", "list"], ["backup", "restore"], ["migrate"],
        ["keys"], ["qr"], ["message", "verify"], ["cert", "verify"], ["wipe"], ["completion"],
    ]

    /// The resolver given to ``CommandRunner``.
    static let resolver: NetworkResolver = { globals, path throws(CommandError) in
        let words = Array(path.dropFirst())
        let adds = mayAdd.contains { words.starts(with: $0) }
        let network = try signerOperation { () throws(SignerError) in
            try SignerHome.network(explicit: globals.home, given: globals.givenNetwork?.network, mayAdd: adds)
        }
        return NetworkName(rawValue: network.rawValue) ?? .main
    }
}
