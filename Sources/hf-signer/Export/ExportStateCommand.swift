import HFBundles
import HFCommandLine
import HFSignerCore

/// `hf-signer export state`: the wallet's signed state alone, for when nothing else crosses to the watcher.
struct ExportStateCommand: Command {
    static let name = "state"
    static let abstract = "Write a small signed .hfstate telling the watcher what this signer holds."
    static let discussion: String? = """
        Every bundle the signer writes for the watcher (.hfaddrpack, .hftx, .hfanswer, .hfsweep) already carries \
        this state: the validated tip, the receipts and pending transactions the wallet holds, and how far its \
        address packs reach, signed by the identity key. Write a .hfstate only when there is nothing else to \
        carry — for instance before the first `hf-watcher export update` after a restore. When the wallet's \
        activity has come within its gap limit of what its packs cover, the state also carries a new pack. With \
        --json: {"file","pending","receipts","validatedTipHeight","walletId"}.
        """
    static let options = [
        WalletOption.help, Option.out,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let out = OptionHelp("--out", value: "file", help: "The new .hfstate file.", required: true)
    }

    let selection: WalletSelection
    let out: String

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        out = try arguments.requiredOption(Option.out)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let wallet = try context.openWallet(selection)
        let state = try signerOperation { () throws(SignerError) in try wallet.exportState(out: out) }
        if context.globals.json {
            try Output.json(
                Summary(
                    file: out, walletId: wallet.info.walletID, validatedTipHeight: Int(state.tip.height),
                    receipts: state.receipts.count, pending: state.pending.count))
        } else {
            Output.result(
                "wrote \(out): tip \(state.tip.height), \(state.receipts.count) receipts, \(state.pending.count) pending"
                    + (state.addressPack != nil ? ", and a new address pack" : ""))
            Output.message("carry it to the watcher: `hf-watcher import \(out)`, then `hf-watcher export update`")
        }
        return .success
    }

    struct Summary: Encodable {
        let file: String
        let walletId: String
        let validatedTipHeight: Int
        let receipts: Int
        let pending: Int
    }
}
