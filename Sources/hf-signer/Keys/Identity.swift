import HFCrypto
import HFCommandLine
import HFPrimitives
import HFWallet

/// `hf-signer keys identity`: the identity key (m/13'/0') and wallet ID of a phrase.
struct Identity: Command {
    static let name = "identity"
    static let abstract = "Show the identity public key and wallet ID of a recovery phrase."
    static let discussion: String? = """
        The identity key is m/13'/0'; the wallet ID is SHA-256("hf-wallet-id/v1" || 0 || network || 0 || \
        identity key), so the same phrase has a different ID on each network.
        """
    static let options = MnemonicSource.options

    let source: MnemonicSource

    init(parsing arguments: inout Arguments) throws {
        source = try MnemonicSource(parsing: &arguments)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let network = context.globals.network.network
        let keys = try source.walletKeys(network: network)
        let result = Result(
            identityKey: keys.identityKey.compressed.hex, walletId: keys.walletIDHex, network: network.rawValue)
        if context.globals.json {
            try Output.json(result)
        } else {
            Output.result("identity key: \(result.identityKey)\nwallet id:    \(result.walletId)\nnetwork:      \(result.network)")
        }
        return .success
    }

    /// The `--json` result.
    struct Result: Encodable {
        let identityKey: String
        let walletId: String
        let network: String
    }
}
