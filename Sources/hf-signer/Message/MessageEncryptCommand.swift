import HFCommandLine
import HFCrypto
import HFPrimitives
import HFSignerCore
import HFWallet

/// `hf-signer message encrypt [FILE]`: BIE1 to a public key, or BRC-2 under a BRC-43 invoice.
struct MessageEncryptCommand: Command {
    static let name = "encrypt"
    static let abstract = "Encrypt a message: Electrum ECIES (BIE1) to --to, or BRC-2 with --protocol."
    static let discussion: String? = """
        BIE1 (--to PUBKEY): AES-128-CBC and HMAC-SHA256 keyed from ECDH with a fresh ephemeral key, whose public \
        key is embedded; needs no wallet. --from-identity uses the wallet's identity key as the sender instead, so \
        the recipient learns who sent it, and --no-key then leaves the sender key out (the recipient must already \
        know it). BRC-2 (--protocol, --key-id, --counterparty): AES-256-GCM with a 32-byte IV under the key the \
        wallet's identity key shares with the counterparty for that invoice. Prints base64 (BIE1 text starts \
        'QklFM'); with --json: {"scheme","ciphertext"}.
        """
    static let arguments = [MessageInput.help]
    static let options = [
        WalletOption.help,
        Option.to,
        Option.fromIdentity,
        Option.noKey,
    ] + BRC2Options.help
    /// The options, declared once for help and parsing.
    enum Option {
        static let to = OptionHelp("--to", value: "pubkey", help: "BIE1 mode: the recipient's public key in hex.")
        static let fromIdentity = OptionHelp(
            flag: "--from-identity", help: "BIE1 mode: send from the wallet's identity key, not an ephemeral key.")
        static let noKey = OptionHelp(
            flag: "--no-key", help: "BIE1 mode: leave the sender key out (needs --from-identity).")
    }

    let selection: WalletSelection
    let recipient: PublicKey?
    let fromIdentity: Bool
    let noKey: Bool
    let brc2: BRC2Options?
    let file: String?

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        recipient = try (try arguments.option(Option.to)).map { text throws(UsageError) in
            try PublicKeyOption.parse(text, option: "--to")
        }
        fromIdentity = try arguments.flag(Option.fromIdentity)
        noKey = try arguments.flag(Option.noKey)
        brc2 = try BRC2Options.parse(&arguments)
        guard (recipient == nil) != (brc2 == nil) else { throw UsageError("give either --to (BIE1) or --protocol (BRC-2)") }
        if brc2 != nil, fromIdentity || noKey { throw UsageError("--from-identity and --no-key are for BIE1 (--to)") }
        if noKey, !fromIdentity { throw UsageError("--no-key needs --from-identity: nobody could decrypt it otherwise") }
        file = arguments.optionalPositional("file")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        var message = try MessageInput.read(file)
        defer { Zeroization.zeroize(&message) }
        let scheme: String
        let ciphertext: [UInt8]
        if let recipient {
            scheme = "bie1"
            // Without --from-identity the sender key is a fresh ephemeral key: key material, so from the tested
            // generator.
            if fromIdentity {
                let wallet = try context.openWallet(selection)
                ciphertext = try signerOperation { () throws(SignerError) in
                    try wallet.encryptBIE1(message, to: recipient, includeSenderKey: !noKey)
                }
            } else {
                let sender = try signerOperation { () throws(SignerError) in try KeyEntropy.checked().privateKey() }
                do {
                    ciphertext = try ElectrumECIES.encrypt(message, to: recipient, from: sender, includeSenderKey: !noKey)
                } catch { throw CommandError(.failure, "\(error)") }
            }
        } else if let brc2 {
            scheme = "brc2"
            let wallet = try context.openWallet(selection)
            ciphertext = try signerOperation { () throws(SignerError) in
                try wallet.encryptBRC2(message, invoice: brc2.invoice, counterparty: brc2.counterparty)
            }
        } else {
            throw CommandError(.usage, "give either --to or --protocol")
        }
        let text = Base64.encode(ciphertext)
        if context.globals.json { try Output.json(Result(scheme: scheme, ciphertext: text)) } else { Output.result(text) }
        return .success
    }

    /// The `--json` result.
    struct Result: Encodable {
        let scheme: String
        let ciphertext: String
    }
}
