import HFCommandLine
import HFSignerCore

/// `hf-signer wallet remove ID`.
struct WalletRemoveCommand: Command {
    static let name = "remove"
    static let abstract = "Remove one wallet (its seed on every network), keeping at least one wallet."
    static let discussion: String? = """
        Removes the wallet's seed: first the legacy DashSync mnemonic accounts holding it (when a legacy keychain is \
        recorded), then the seed's wallet IDs on the other networks, then the one of --network last; each with its \
        transactions, address indexes and vault entry. Another wallet of --network whose seed reads back from the \
        vault must remain: removing the only wallet is refused (exit 77) and points to `hf-signer wipe`. With \
        --json: {"legacyAccountsRemoved":N,"walletIdsRemoved":[…]}.
        """
    static let arguments = [ArgumentHelp("id", help: "The wallet ID or an 8+ digit prefix.")]

    let wallet: String

    init(parsing arguments: inout Arguments) throws {
        wallet = try arguments.positional("id")
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let session = try context.openSession()
        let (record, result) = try signerOperation { () throws(SignerError) in
            try session.removeWallet(.id(wallet), secrets: context.secrets)
        }
        if context.globals.json {
            try Output.json(result)
        } else {
            Output.result("removed wallet \(record.walletID) (\(result.walletIdsRemoved.count) wallet IDs, "
                + "\(result.legacyAccountsRemoved) legacy accounts)")
        }
        return .success
    }
}
