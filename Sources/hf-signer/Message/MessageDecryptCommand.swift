import HFCommandLine
import HFCrypto
import HFPrimitives
import HFSignerCore
import HFWallet

/// `hf-signer message decrypt [FILE]`: open a BIE1 or BRC-2 message with the wallet's identity key.
struct MessageDecryptCommand: Command {
    static let name = "decrypt"
    static let abstract = "Decrypt a BIE1 message, or a BRC-2 one with --protocol, using the identity key."
    static let discussion: String? = """
        BIE1 input is base64 text (surrounding whitespace ignored) or the raw bytes starting 'BIE1'. The MAC is \
        checked, in constant time, before anything is decrypted. --from PUBKEY names the expected sender: \
        required for a message without a sender key, and checked against an embedded one. BRC-2 input is base64 \
        text; --counterparty is the sender. Writes the plaintext bytes to stdout; with --json: \
        {"scheme","sender","plaintext","plaintextBase64"} (plaintext is null unless UTF-8). Exit 65 for a \
        message that does not authenticate.
        """
    static let arguments = [MessageInput.help]
    static let options = [
        WalletOption.help,
        Option.from,
    ] + BRC2Options.help
    /// The options, declared once for help and parsing.
    enum Option {
        static let from = OptionHelp("--from", value: "pubkey", help: "BIE1 mode: the sender's public key.")
    }

    let selection: WalletSelection
    let sender: PublicKey?
    let brc2: BRC2Options?
    let file: String?

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        sender = try (try arguments.option(Option.from)).map { text throws(UsageError) in
            try PublicKeyOption.parse(text, option: "--from")
        }
        brc2 = try BRC2Options.parse(&arguments)
        if brc2 != nil, sender != nil { throw UsageError("--from is for BIE1; BRC-2 names the sender with --counterparty") }
        file = arguments.optionalPositional("file")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let input = try MessageInput.read(file)
        var plaintext: [UInt8]
        let scheme: String
        let senderHex: String?
        if let brc2 {
            scheme = "brc2"
            let ciphertext = try Self.base64(input, what: "BRC-2 ciphertext")
            let wallet = try context.openWallet(selection)
            let opened = try signerOperation { () throws(SignerError) in
                try wallet.decryptBRC2(ciphertext, invoice: brc2.invoice, counterparty: brc2.counterparty)
            }
            plaintext = opened.plaintext
            senderHex = opened.sender.compressed.hex
        } else {
            scheme = "bie1"
            let message = input.starts(with: ElectrumECIES.magic) ? input : try Self.base64(input, what: "BIE1 message")
            let wallet = try context.openWallet(selection)
            plaintext = try signerOperation { () throws(SignerError) in try wallet.decryptBIE1(message, sender: sender) }
            senderHex = ElectrumECIES.embeddedSenderKey(message)?.compressed.hex ?? sender?.compressed.hex
        }
        defer { Zeroization.zeroize(&plaintext) }
        if context.globals.json {
            try Output.json(Result(
                scheme: scheme, sender: senderHex, plaintext: String(validating: plaintext, as: UTF8.self),
                plaintextBase64: Base64.encode(plaintext)))
        } else {
            Output.resultBytes(plaintext)
        }
        return .success
    }

    /// Decodes base64 text input.
    static func base64(_ input: [UInt8], what: String) throws(CommandError) -> [UInt8] {
        do { return try Base64.decode(MessageInput.trimmedText(input)) } catch {
            throw .dataError("the \(what) is not valid base64: \(error)")
        }
    }

    /// The `--json` result.
    struct Result: Encodable {
        let scheme: String
        let sender: String?
        let plaintext: String?
        let plaintextBase64: String
    }
}
