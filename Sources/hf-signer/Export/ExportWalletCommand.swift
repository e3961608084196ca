import HFCommandLine
import HFSignerCore
import HFStore

/// `hf-signer export wallet`: the wallet's non-secret state, encrypted under a vault-held key.
struct ExportWalletCommand: Command {
    static let name = "wallet"
    static let abstract = "Write the wallet's non-secret state as an encrypted .hfwallet file."
    static let discussion: String? = """
        The file holds the wallet's title, derivation type, address indexes and receipts (no phrase, no key), \
        sealed with AES-256-GCM under a random 32-byte key kept in this home's vault as walletfile-<walletId> \
        (created on first use). `hf-signer import FILE` on a home whose vault holds that key merges it back; any \
        other key, or a changed byte, is refused and changes nothing. The file is written with mode 0600. With \
        --json: {"file","walletId"}.
        """
    static let options = [
        WalletOption.help, OptionHelp("--out", value: "file", help: "The new .hfwallet file.", required: true),
    ]

    let selection: WalletSelection
    let out: String

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
        out = try arguments.requiredOption("--out")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let home = try context.openHome()
        let wallets = SignerWallets(home: home, network: context.globals.network.network)
        let record = try signerOperation { () throws(SignerError) in try wallets.select(selection) }
        let vault = try context.openVault(home)
        let keys = try signerOperation { () throws(SignerError) in try wallets.keys(for: record, vault: vault) }
        let book = AddressBook(home: home, record: record, keys: keys)
        // The key is created in the same store transaction as the file: a failed write keeps nothing.
        try signerOperation { () throws(SignerError) in
            try home.database.transaction { () throws(SignerError) in
                let bytes = try WalletFileService.export(book: book, home: home, vault: vault)
                do throws(CommandError) { try OutputFile.createNew(out, contents: bytes, mode: 0o600) } catch {
                    throw .cannotCreate(reason: error.message)
                }
            }
        }
        if context.globals.json {
            try Output.json(["file": out, "walletId": record.walletID])
        } else {
            Output.result("wrote the encrypted wallet file \(out)")
        }
        return .success
    }
}
