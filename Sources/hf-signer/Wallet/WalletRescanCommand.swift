import HFCommandLine
import HFSignerCore
import HFPrimitives
import HFWallet

/// `hf-signer wallet rescan --gap N`: a wider gap limit for a wallet restored from a program that used one.
struct WalletRescanCommand: Command {
    static let name = "rescan"
    static let abstract = "Widen the wallet's gap limit (1 to 1000) so the next address packs reach further."
    static let discussion: String? = """
        The signer finds its coins through the watcher: an address pack covers each chain of both schemes up to \
        GAP unused addresses past the last used one (20 by default, at least 50 addresses). A wallet restored from \
        a program that left wider gaps sees no coins beyond them; rescan stores a wider gap for the wallet (a gap \
        below 20 keeps 20), and the next `export addrpack` covers it. Import that pack into the watcher, sync, and \
        import the receipts it exports. Receipts to addresses within the new range are the wallet's. With --json: \
        {"gapLimit":N,"ranges":[{"chain","end","exported","scheme"}],"walletId"}.
        """
    static let options = [WalletOption.help, Option.gap]
    /// The options, declared once for help and parsing.
    enum Option {
        static let gap = OptionHelp(
            "--gap", value: "n", help: "Unused addresses covered past the last used one, 1 to 1000.", required: true)
    }

    let selection: WalletSelection
    let gap: Int

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        let text = try arguments.requiredOption(Option.gap)
        guard let gap = Int(text), (1...AddressBook.maximumGapLimit).contains(gap) else {
            throw UsageError("--gap must be a whole number from 1 to \(AddressBook.maximumGapLimit), not '\(text)'")
        }
        self.gap = gap
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let wallet = try context.openWallet(selection)
        let outcome = try signerOperation { () throws(SignerError) in try wallet.rescan(gap: gap) }
        if context.globals.json {
            try Output.json(Report(walletId: wallet.info.walletID, gapLimit: outcome.gapLimit, ranges: outcome.reaches.map {
                Report.Range(scheme: $0.scheme.rawValue, chain: $0.chain.rawValue, end: $0.end, exported: $0.exported)
            }))
            return .success
        }
        var lines = ["wallet \(wallet.info.walletID.prefix(16)): gap limit \(outcome.gapLimit)"
            + (outcome.gapLimit > outcome.requestedGap ? " (the default; a gap is never below it)" : "")]
        lines.append("the next address pack covers:")
        for reach in outcome.reaches {
            lines.append("  \(reach.scheme.rawValue) \(reach.chain.rawValue)\tindexes 0-\(reach.end - 1)"
                + "\t(packs so far reach \(reach.exported))")
        }
        Output.result(lines.joined(separator: "\n"))
        Output.message(
            "next: `hf-signer export addrpack`, import it into the watcher, sync, and import the receipts it exports")
        return .success
    }

    /// The `--json` report.
    struct Report: Encodable {
        struct Range: Encodable {
            let scheme: String
            let chain: String
            let end: Int
            let exported: Int
        }

        let walletId: String
        let gapLimit: Int
        let ranges: [Range]
    }
}
