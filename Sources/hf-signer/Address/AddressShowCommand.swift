import HFCommandLine
import HFSignerCore
import HFWallet

/// `hf-signer address show [INDEX] [--qr] [--amount SATS]`.
struct AddressShowCommand: Command {
    static let name = "show"
    static let abstract = "Show a receive address (the fresh one, or INDEX) without rotating, optionally as a QR code."
    static let discussion: String? = """
        Without INDEX: the fresh receive address, the one `address next` hands out next (the index is not moved; \
        run `address next` to mark it handed out). With INDEX: the receive address at that index of the wallet's \
        scheme. --qr draws it (or, with --amount, the BIP 21 URI bitcoin:ADDRESS?amount=BSV, the amount in decimal \
        BSV: 60000 satoshis is amount=0.0006) as one QR code with the half blocks of `qr show`, above the usual line \
        and the URI; the same lines whether stdout is a terminal or not. --json prints the `keys derive` object \
        (with "amount" and "uri" when --amount is given) and never a drawing.
        """
    static let arguments = [ArgumentHelp("index", help: "The receive index (default: the fresh one).", optional: true)]
    static let options = [WalletOption.help] + AddressQROptions.help

    let selection: WalletSelection
    let index: UInt32?
    let display: AddressQROptions

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        display = try AddressQROptions(parsing: &arguments)
        if let text = arguments.optionalPositional("index") {
            guard let index = UInt32(text), index < 0x8000_0000 else {
                throw UsageError("INDEX must be a whole number below 2147483648, not '\(text)'")
            }
            self.index = index
        } else {
            index = nil
        }
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let wallet = try context.openWallet(selection)
        let entry = try signerOperation { () throws(SignerError) in
            if let index { try wallet.addresses(chain: .receive, start: index, count: 1)[0] } else {
                try wallet.freshReceiveAddress()
            }
        }
        try display.print(entry, context: context)
        return .success
    }
}
