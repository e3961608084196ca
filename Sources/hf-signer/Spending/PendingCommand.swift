import HFCommandLine
import HFSignerCore

/// `hf-signer pending list|export|cancel`: signed transactions not yet seen confirmed.
struct PendingCommand: CommandGroup {
    static let name = "pending"
    static let abstract = "List, export again, or cancel signed transactions not yet seen confirmed."
    static let subcommands: [any Command.Type] = [PendingListCommand.self, PendingExportCommand.self, PendingCancelCommand.self]
}

/// `hf-signer pending list`.
struct PendingListCommand: Command {
    static let name = "list"
    static let abstract = "List pending transactions."
    static let discussion: String? = "With --json: [{\"createdAt\",\"pendingId\",\"txid\"}] (pendingId is the txid)."
    static let options = [WalletOption.help]

    let selection: WalletSelection

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let wallet = try context.openWallet(selection)
        let records = try signerOperation { () throws(SignerError) in try wallet.spender.pending() }
        if context.globals.json {
            try Output.json(records.map { Entry(pendingId: $0.txid, txid: $0.txid, createdAt: $0.createdAt) })
        } else {
            for record in records { Output.result("\(record.txid)  \(record.createdAt)") }
        }
        return .success
    }

    struct Entry: Encodable {
        let pendingId: String
        let txid: String
        let createdAt: String
    }
}

/// `hf-signer pending export ID --out F`.
struct PendingExportCommand: Command {
    static let name = "export"
    static let abstract = "Write a pending transaction's .hftx again."
    static let arguments = [ArgumentHelp("id", help: "The pending ID (txid) or a prefix of 8+ hex digits.")]
    static let options = [WalletOption.help, Option.out]
    /// The options, declared once for help and parsing.
    enum Option {
        static let out = OptionHelp("--out", value: "file", help: "The new .hftx file.", required: true)
    }

    let selection: WalletSelection
    let id: String
    let out: String

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        out = try arguments.requiredOption(Option.out)
        id = try arguments.positional("id")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let wallet = try context.openWallet(selection)
        _ = try signerOperation { () throws(SignerError) in try wallet.spender.exportPending(id, out: out) }
        Output.message("wrote \(out)")
        return .success
    }
}

/// `hf-signer pending cancel ID`.
struct PendingCancelCommand: Command {
    static let name = "cancel"
    static let abstract = "Cancel a pending transaction: its inputs become spendable again."
    static let discussion: String? = """
        Only while the transaction is not confirmed on the best chain (one whose block left the best chain is \
        pending again and can be cancelled). A warning on stderr says that it may still confirm (it was mined on \
        another branch, or its .hftx was written and may have been broadcast); its receipt then brings it back.
        """
    static let arguments = [ArgumentHelp("id", help: "The pending ID (txid) or a prefix of 8+ hex digits.")]
    static let options = [WalletOption.help]

    let selection: WalletSelection
    let id: String

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        id = try arguments.positional("id")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let wallet = try context.openWallet(selection)
        let spender = wallet.spender
        let cancelled = try signerOperation { () throws(SignerError) in try spender.cancel(id) }
        Output.message("warning: \(cancelled.warning)")
        Output.result("cancelled \(cancelled.txid)")
        return .success
    }
}
