import HFCommandLine
import HFPrimitives
import HFSignerCore
import HFWallet

/// `hf-signer wallet list`.
struct WalletListCommand: Command {
    static let name = "list"
    static let abstract = "List the wallets of the selected network."
    static let discussion: String? = """
        Needs no passphrase. A wallet brought from another application (wallet import --path or --preset) shows \
        its chains. With --json: an array of {"chains","derivation","isDefault","network","title","walletId"}, \
        "chains" being {"change","receive"} (the chain paths; address N is the path followed by /N).
        """

    init(parsing arguments: inout Arguments) throws {}

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        let records = try signerOperation { () throws(SignerError) in try session.listWallets() }
        if context.globals.json {
            try Output.json(try records.map { (record) throws(CommandError) in try Entry(record) })
        } else {
            for record in records {
                let chains = try signerOperation { () throws(SignerError) in try record.chains }
                Output.result(
                    "\(record.isDefault ? "*" : " ") \(record.walletID)  \(record.derivation.rawValue)  \(record.title)"
                        + (chains.isStandard ? "" : "  (receive \(chains.receive)/N, change \(chains.change)/N)"))
            }
        }
        return .success
    }

    struct Entry: Encodable {
        let walletId: String
        let title: String
        let network: String
        let derivation: String
        let isDefault: Bool
        let chains: ChainPaths

        init(_ record: WalletInfo) throws(CommandError) {
            walletId = record.walletID
            title = record.title
            network = record.network.rawValue
            derivation = record.derivation.rawValue
            isDefault = record.isDefault
            chains = ChainPaths(try signerOperation { () throws(SignerError) in try record.chains })
        }
    }
}

/// `hf-signer wallet show [--wallet ID]`.
struct WalletShowCommand: Command {
    static let name = "show"
    static let abstract = "Show one wallet's public facts (the default wallet unless --wallet is given)."
    static let discussion: String? = """
        Needs no passphrase and never shows the phrase. With --json: {"chains","createdAt","derivation",\
        "identityKey","isDefault","network","title","walletId"}, "chains" being {"change","receive"}.
        """
    static let options = [Option.wallet]
    /// The options, declared once for help and parsing.
    enum Option {
        static let wallet = OptionHelp("--wallet", value: "id", help: "The wallet ID or a prefix of 8+ hex digits.")
    }

    let selection: WalletSelection

    init(parsing arguments: inout Arguments) throws {
        selection = WalletSelection(try arguments.option(Option.wallet))
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        let record = try signerOperation { () throws(SignerError) in try session.showWallet(selection) }
        let chains = try signerOperation { () throws(SignerError) in try record.chains }
        let detail = Detail(
            walletId: record.walletID, title: record.title, network: record.network.rawValue,
            derivation: record.derivation.rawValue, isDefault: record.isDefault, identityKey: record.identityKey,
            createdAt: record.createdAt, chains: ChainPaths(chains))
        if context.globals.json {
            try Output.json(detail)
        } else {
            Output.result("""
                wallet:       \(detail.walletId)\(detail.isDefault ? " (default)" : "")
                title:        \(detail.title)
                network:      \(detail.network)
                derivation:   \(detail.derivation)
                bip32 chains: receive \(detail.chains.receive)/N, change \(detail.chains.change)/N
                identity key: \(detail.identityKey)
                created:      \(detail.createdAt)
                """)
        }
        return .success
    }

    struct Detail: Encodable {
        let walletId: String
        let title: String
        let network: String
        let derivation: String
        let isDefault: Bool
        let identityKey: String
        let createdAt: String
        let chains: ChainPaths
    }
}

/// `hf-signer wallet default [ID]`: the active wallet of `--network`, shown or chosen.
struct WalletDefaultCommand: Command {
    static let name = "default"
    static let abstract = "Show or choose the active (default) wallet of --network."
    static let discussion: String? = """
        Each network keeps its own active wallet. Without an ID, prints the active wallet of --network; when none \
        is recorded (the active wallet was removed, say), the first wallet (oldest, then lowest ID) becomes active \
        and that choice is stored. With an ID (or --wallet ID), makes that wallet of --network the active one; other \
        networks keep theirs. With --json: {"chains","derivation","network","title","walletId"}.
        """
    static let arguments = [ArgumentHelp("id", help: "The wallet ID or an 8+ digit prefix.", optional: true)]
    static let options = [Option.wallet]
    /// The options, declared once for help and parsing.
    enum Option {
        static let wallet = OptionHelp("--wallet", value: "id", help: "The wallet ID or a prefix of 8+ hex digits.")
    }

    let wallet: String?

    init(parsing arguments: inout Arguments) throws {
        let option = try arguments.option(Option.wallet)
        wallet = option ?? arguments.optionalPositional("id")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        let record = try signerOperation { () throws(SignerError) in
            try session.setDefaultWallet(wallet.map(WalletSelection.id))
        }
        try WalletOutput.print(record, context: context, verb: wallet == nil ? "active is" : "default is")
        return .success
    }
}
