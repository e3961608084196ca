import HFBundles
import HFCommandLine
import HFPrimitives
import HFSignerCore
import HFWallet

/// `hf-signer pending list|export|cancel`: signed transactions not yet seen confirmed.
struct PendingCommand: CommandGroup {
    static let name = "pending"
    static let abstract = "List, export again, or cancel signed transactions not yet seen confirmed."
    static let subcommands: [any Command.Type] = [PendingListCommand.self, PendingExportCommand.self, PendingCancelCommand.self]
}

/// `hf-signer pending list`.
struct PendingListCommand: Command {
    static let name = "list"
    static let abstract = "List pending transactions: what each sends, to whom, its fee and change, and its age."
    static let discussion: String? = """
        One line each, oldest first: the txid, when it was signed and how long ago, what it sends to others and to \
        which addresses, its fee, and the change coming back to the wallet (counted once its receipt arrives). \
        With --json: [{"change","createdAt","fee","pendingId","recipients":[{"address","satoshis"}],"sent","txid"}] \
        (pendingId is the txid; amounts in satoshis).
        """
    static let options = [WalletOption.help]

    let selection: WalletSelection

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let wallet = try context.openWallet(selection)
        let history = try signerOperation { () throws(SignerError) in try WalletHistory(wallet) }
        let entries = history.entries.filter { $0.state == .pending }.map(Entry.init)
        if context.globals.json {
            try Output.json(entries)
        } else if entries.isEmpty {
            Output.result("pending: none")
        } else {
            let now = (try? RFC3339Timestamp.now())?.secondsSince1970
            for entry in entries { Output.result(entry.line(now: now)) }
        }
        return .success
    }

    struct Entry: Encodable {
        let pendingId: String
        let txid: String
        let createdAt: String
        let sent: UInt64
        let recipients: [HistoryEntry.Recipient]
        let fee: UInt64?
        let change: UInt64

        init(_ entry: WalletHistory.Entry) {
            let row = HistoryEntry(entry)
            pendingId = row.txid
            txid = row.txid
            createdAt = row.createdAt
            sent = row.sent
            recipients = row.recipients
            fee = row.fee
            change = entry.flow.toWallet
        }

        /// `TXID  signed T (AGE)  sends X to A; fee F; change C`.
        func line(now: Int64?) -> String {
            var age = ""
            if let now, let signed = (try? RFC3339Timestamp(createdAt))?.secondsSince1970 {
                age = " (" + AgeText.ago(now - signed) + ")"
            }
            let to = recipients.map { $0.address ?? "a script" }.joined(separator: ", ")
            return "\(txid)  signed \(createdAt)\(age)  sends \(AmountText.bsv(sent))"
                + (to.isEmpty ? "" : " to \(to)")
                + (fee.map { "; fee \(AmountText.grouped($0)) sat" } ?? "")
                + "; change \(AmountText.bsv(change))"
        }
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
        _ = try signerOperation { () throws(SignerError) in try wallet.exportPending(id, out: out) }
        Output.message("wrote \(out); next: on the online machine `hf-watcher broadcast \(out)`")
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
        let cancelled = try signerOperation { () throws(SignerError) in try wallet.cancelPending(id) }
        Output.message("warning: \(cancelled.warning)")
        Output.result("cancelled \(cancelled.txid)")
        return .success
    }
}
