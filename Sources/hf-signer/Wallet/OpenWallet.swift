import HFCommandLine
import HFCrypto
import HFSignerCore

/// The secrets of one command line: the store passphrase from `--passphrase-file`, else asked on the terminal.
struct CommandSecrets: SignerSecrets {
    let context: CommandContext

    func storePassphrase() throws(SignerError) -> SecureBytes {
        do { return try context.storePassphrase() } catch { throw .input(reason: error.message, code: error.code, status: error.exitCode.status) }
    }
}

extension CommandContext {
    /// The secrets of this command line.
    var secrets: CommandSecrets { CommandSecrets(context: self) }

    /// Opens the selected wallet of `--network` with its keys (the session's use case).
    func openWallet(_ selection: WalletSelection) throws(CommandError) -> SignerWallet {
        let session = try openSession()
        return try signerOperation { () throws(SignerError) in try session.openWallet(selection, secrets: secrets) }
    }
}

/// `--wallet ID`, shared by the wallet-scoped commands.
enum WalletOption {
    static let help = OptionHelp(
        "--wallet", value: "id", help: "The wallet ID or an 8+ digit prefix (default: the default wallet).")

    static func parse(_ arguments: inout Arguments) throws(UsageError) -> WalletSelection {
        WalletSelection(try arguments.option(help))
    }
}
