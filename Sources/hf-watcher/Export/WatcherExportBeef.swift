import HFCommandLine
import HFPrimitives
import HFWatcherCore

/// `hf-watcher export beef TXID --out FILE`.
struct WatcherExportBeef: AsyncCommand {
    static let name = "beef"
    static let abstract = "Write an Atomic BEEF (BRC-95) of a transaction, with the proofs a receiver needs."
    static let discussion: String? = """
        The BEEF inside is V1 (BRC-62). A mined transaction goes alone with its BUMP; an unmined one (just \
        broadcast) goes with its ancestors, parents first, each mined ancestor with its BUMP. Transactions and \
        proofs come from the watcher's store, else from WhatsOnChain; every proof is verified against the \
        watcher's validated headers first (run sync after the transaction is mined). The signer's import accepts \
        the file once it holds the headers; it credits only a mined subject. Binary unless --hex (hex text, one \
        line). With --json: {"bumps":N,"file":...,"mined":true|false,"transactions":N,"txid":...}.
        """
    static let arguments = [ArgumentHelp("txid", help: "The transaction (64 hex digits, display order).")]
    static let options = [
        Option.out,
        Option.hex,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let out = OptionHelp("--out", value: "file", help: "The new BEEF file.", required: true)
        static let hex = OptionHelp(flag: "--hex", help: "Write hex text instead of binary.")
    }

    let txid: Txid
    let out: String
    let hex: Bool

    init(parsing arguments: inout Arguments) throws {
        out = try arguments.requiredOption(Option.out)
        hex = try arguments.flag(Option.hex)
        let text = try arguments.positional("txid")
        guard let txid = try? Txid(displayHex: text) else { throw UsageError("'\(text)' is not a txid (64 hex digits)") }
        self.txid = txid
    }

    func run(_ context: CommandContext) async throws -> ExitCode {
        let session = try context.watcherSession()
        let atomic = try await watcherOperation { () async throws(WatcherError) in
            try await session.atomicBeef(of: txid)
        }
        let contents = hex ? Array((atomic.hex + "\n").utf8) : atomic.serialized
        try OutputFile.createNew(out, contents: contents, mode: 0o644)
        let mined = atomic.subjectTransaction.bumpIndex != nil
        if context.globals.json {
            try Output.json(Summary(
                bumps: atomic.beef.bumps.count, file: out, mined: mined, transactions: atomic.beef.transactions.count,
                txid: txid.displayHex))
        } else {
            Output.result(
                "wrote the Atomic BEEF of \(txid.displayHex) (\(mined ? "mined" : "not mined yet"), "
                    + "\(atomic.beef.transactions.count) transactions, \(atomic.beef.bumps.count) BUMPs) to \(out)")
        }
        return .success
    }

    /// `--json`: `{"bumps","file","mined","transactions","txid"}`.
    struct Summary: Encodable {
        let bumps: Int
        let file: String
        let mined: Bool
        let transactions: Int
        let txid: String
    }
}
