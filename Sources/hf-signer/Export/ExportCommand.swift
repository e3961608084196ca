import HFBundles
import HFCommandLine
import HFSignerCore

/// `hf-signer export`: bundles for the watcher.
struct ExportCommand: CommandGroup {
    static let name = "export"
    static let abstract = "Write bundles for the watcher."
    static let subcommands: [any Command.Type] = [
        ExportAddressPackCommand.self, ExportStateCommand.self, ExportWalletCommand.self,
    ]
}

/// `hf-signer export addrpack`.
struct ExportAddressPackCommand: Command {
    static let name = "addrpack"
    static let abstract = "Write a signed .hfaddrpack of the addresses the watcher should watch."
    static let discussion: String? = """
        The pack covers both schemes and both chains up to 20 unused past the last used address (at least 50 \
        each), plus the next --count fresh receive addresses of the wallet's scheme. It is signed with the identity \
        key (m/13'/0'). A message says whether it extends what earlier packs covered; when it does not, the \
        watcher already watches the whole range. With --json: {"addresses","extendsRange","file","walletId"}.
        """
    static let options = [
        WalletOption.help,
        Option.count,
        Option.out,
    ]
    /// The options, declared once for help and parsing.
    enum Option {
        static let count = OptionHelp(
            "--count", value: "n", help: "Fresh receive addresses beyond the range (default 20).")
        static let out = OptionHelp("--out", value: "file", help: "The new .hfaddrpack file.", required: true)
    }

    let selection: WalletSelection
    let count: Int
    let out: String

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        let countText = try arguments.option(Option.count) ?? "20"
        guard let count = Int(countText), (1...5000).contains(count) else {
            throw UsageError("--count must be a whole number from 1 to 5000, not '\(countText)'")
        }
        self.count = count
        out = try arguments.requiredOption(Option.out)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let wallet = try context.openWallet(selection)
        let result = try signerOperation { () throws(SignerError) in try wallet.exportAddressPack(count: count, out: out) }
        if context.globals.json {
            try Output.json(Summary(
                file: out, walletId: wallet.info.walletID, addresses: result.bundle.entries.count,
                extendsRange: result.extendsRange))
        } else {
            Output.result("wrote \(result.bundle.entries.count) addresses to \(out)")
            Output.message(
                result.extendsRange
                    ? "next: on the online machine `hf-watcher import \(out) --trust-identity "
                        + "\(wallet.info.identityKey)` (the key is the one `hf-signer wallet show` shows), "
                        + "`hf-watcher sync` and `hf-watcher export update --out u.hfupdate`; then here "
                        + "`hf-signer import u.hfupdate`"
                    : "range complete: earlier packs already cover 20 unused addresses past the last used")
        }
        return .success
    }

    struct Summary: Encodable {
        let file: String
        let walletId: String
        let addresses: Int
        let extendsRange: Bool
    }
}
