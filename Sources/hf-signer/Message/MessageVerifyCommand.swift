import HFCommandLine
import HFCrypto
import HFPrimitives
import HFWallet

/// `hf-signer message verify [FILE] --signature B64 (--address A | --pubkey HEX)`.
struct MessageVerifyCommand: Command {
    static let name = "verify"
    static let abstract = "Verify a Bitcoin Signed Message signature against an address or a public key."
    static let discussion: String? = """
        Recovers the signer's key from the 65-byte compact signature (headers 27-34 only; the segwit headers \
        35-42 are refused) and compares its HASH160 with --address, or the key with --pubkey. Needs no home. \
        Exit 0 when valid, 65 when not. With --json: {"valid","recoveredPublicKey","recoveredAddress"}.
        """
    static let arguments = [MessageInput.help]
    static let options = [
        Option.signature,
        Option.address,
        Option.pubkey,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let signature = OptionHelp(
            "--signature", value: "base64", help: "The signature, 88 base64 characters.", required: true)
        static let address = OptionHelp("--address", value: "addr", help: "The signer's P2PKH address.")
        static let pubkey = OptionHelp("--pubkey", value: "hex", help: "The signer's public key.")
    }

    let signature: String
    let address: String?
    let publicKey: PublicKey?
    let file: String?

    init(parsing arguments: inout Arguments) throws {
        signature = try arguments.requiredOption(Option.signature)
        address = try arguments.option(Option.address)
        let pubkey = try arguments.option(Option.pubkey)
        guard (address == nil) != (pubkey == nil) else { throw UsageError("give exactly one of --address and --pubkey") }
        publicKey = try pubkey.map { text throws(UsageError) in try PublicKeyOption.parse(text, option: "--pubkey") }
        file = arguments.optionalPositional("file")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let network = context.globals.network.network
        let parsed: BSMSignature
        do { parsed = try BSMSignature(base64: signature) } catch {
            throw CommandError(.dataError, "\(error)")
        }
        var expectedAddress: Address? = nil
        if let address {
            do { expectedAddress = try Address(string: address, network: network) } catch {
                throw CommandError(.dataError, "'\(address)' is not a \(network.rawValue) address: \(error)")
            }
        }
        let message = try MessageInput.read(file)
        let recovered = try? BitcoinSignedMessage.recoverPublicKey(from: parsed, message: message)
        let valid: Bool
        if let expectedAddress {
            valid = BitcoinSignedMessage.isValid(signature, message: message, address: expectedAddress)
        } else if let publicKey {
            valid = BitcoinSignedMessage.isValid(signature, message: message, publicKey: publicKey)
        } else {
            valid = false
        }
        let recoveredAddress = recovered.map { key in
            (try? Address(
                hash160: Hash.hash160(parsed.isCompressed ? key.compressed : key.uncompressed), network: network))?.string
        } ?? nil
        if context.globals.json {
            try Output.json(Result(
                valid: valid, recoveredPublicKey: recovered?.compressed.hex, recoveredAddress: recoveredAddress))
        } else {
            Output.result(valid ? "valid" : "invalid")
        }
        guard valid else {
            throw CommandError(.dataError, "the signature does not match this message and \(address == nil ? "public key" : "address")")
        }
        return .success
    }

    /// The `--json` result.
    struct Result: Encodable {
        let valid: Bool
        let recoveredPublicKey: String?
        let recoveredAddress: String?
    }
}
