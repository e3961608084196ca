import HFBundles
import HFCommandLine
import HFSignerCore

/// `hf-signer label set REF TEXT`.
struct LabelSetCommand: Command {
    static let name = "set"
    static let abstract = "Label an address, a transaction or an output of the wallet; an empty TEXT removes it."
    static let discussion: String? = """
        REF is an address of --network (one the wallet has derived: both schemes and chains up to the range the \
        address packs cover plus 100; `address find --save` records one further out), a txid (64 hex digits) of a \
        transaction the wallet holds, or TXID:VOUT for one of its outputs. Anything else, or a reference the \
        wallet does not know, exits 65 and labels nothing. An address needs the wallet's keys, so the store \
        passphrase is asked for when the vault is encrypted. With --json: {"change","ref","type"}, change being \
        set, removed or absent.
        """
    static let arguments = [
        ArgumentHelp("ref", help: "An address, a txid, or TXID:VOUT."),
        ArgumentHelp("text", help: "The label, 1 to 255 bytes of UTF-8; \"\" removes the label."),
    ]
    static let options = [WalletOption.help]

    let selection: WalletSelection
    let ref: String
    let text: String

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        ref = try arguments.positional("ref")
        text = try arguments.positional("text")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        let result = try signerOperation { () throws(SignerError) in
            try session.setLabel(ref, text: text, wallet: selection, secrets: context.secrets)
        }
        if context.globals.json {
            try Output.json(["change": result.change.rawValue, "ref": result.ref, "type": result.kind.rawValue])
        } else {
            switch result.change {
            case .set: Output.result("labelled \(result.kind.rawValue) \(result.ref)")
            case .removed: Output.result("removed the label of \(result.kind.rawValue) \(result.ref)")
            case .absent: Output.result("\(result.kind.rawValue) \(result.ref) had no label; nothing changed")
            }
        }
        return .success
    }
}
