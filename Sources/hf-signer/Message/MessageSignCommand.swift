import HFCommandLine
import HFCrypto
import HFPrimitives
import HFSignerCore
import HFWallet

/// `hf-signer message sign [FILE]`: a Bitcoin Signed Message signature.
struct MessageSignCommand: Command {
    static let name = "sign"
    static let abstract = "Sign a message (Bitcoin Signed Message, compact recoverable, base64)."
    static let discussion: String? = """
        Signs with the wallet's identity key (m/13'/0') by default, or with the key of one of the wallet's own \
        addresses given by --address (searched like `address find`). Prints the 88-character base64 signature; \
        with --json: {"signature","address","publicKey","key"} where key is "identity" or "address". Verify with \
        `message verify --address` (the address printed) or `--pubkey`.
        """
    static let arguments = [MessageInput.help]
    static let options = [
        WalletOption.help,
        Option.address,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let address = OptionHelp(
            "--address", value: "addr", help: "Sign with the key of this wallet address instead of the identity key.")
    }

    let selection: WalletSelection
    let address: String?
    let file: String?

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        address = try arguments.option(Option.address)
        file = arguments.optionalPositional("file")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let network = context.globals.network.network
        var parsedAddress: Address? = nil
        if let address {
            do { parsedAddress = try Address(string: address, network: network) } catch {
                throw CommandError(.dataError, "'\(address)' is not a \(network.rawValue) address: \(error)")
            }
        }
        let message = try MessageInput.read(file)
        let wallet = try context.openWallet(selection)
        let signed = try signerOperation { () throws(SignerError) in try wallet.signMessage(message, address: parsedAddress) }
        let result = Result(
            signature: signed.signature.base64, address: Address(publicKey: signed.publicKey, network: network).string,
            publicKey: signed.publicKey.compressed.hex, key: address == nil ? "identity" : "address")
        if context.globals.json { try Output.json(result) } else { Output.result(result.signature) }
        return .success
    }

    /// The `--json` result.
    struct Result: Encodable {
        let signature: String
        let address: String
        let publicKey: String
        let key: String
    }
}
