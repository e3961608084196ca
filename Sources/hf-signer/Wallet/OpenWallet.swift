import HFCommandLine
import HFSignerCore
import HFSPV
import HFStore
import HFWallet

/// A wallet opened for a command: its home, record and keys (the store passphrase unlocked the vault).
struct OpenWallet {
    let home: SignerHome
    let record: WalletRecord
    let keys: WalletKeys
    /// The unlocked active vault (for the keys a wallet keeps besides its phrase, e.g. sweep keys).
    let vault: any KeyshareVault
    /// The header chain of the wallet's network (the session's, opened once): it decides what is confirmed.
    let chain: HeaderChain

    /// The address book of the wallet.
    var book: AddressBook { AddressBook(home: home, record: record, keys: keys) }

    /// The wallet's ledger (its coins and transactions).
    func ledger() throws(SignerError) -> WalletLedger { try WalletLedger(home: home, book: book, chain: chain) }
}

extension CommandContext {
    /// Opens the selected wallet of `--network` with its keys.
    func openWallet(_ selection: WalletSelection) throws(CommandError) -> OpenWallet {
        let home = try openHome()
        let vault = try openVault(home)
        try legacyGate(home, vault: vault)
        _ = try signerOperation { () throws(SignerError) in
            try SignerMigration(home: home).recoverPersistedWallets(network: globals.network.network, vault: vault)
        }
        let wallets = SignerWallets(home: home, network: globals.network.network)
        let record = try signerOperation { () throws(SignerError) in try wallets.select(selection) }
        let keys = try signerOperation { () throws(SignerError) in try wallets.keys(for: record, vault: vault) }
        return OpenWallet(home: home, record: record, keys: keys, vault: vault, chain: try openChain())
    }
}

/// `--wallet ID`, shared by the wallet-scoped commands.
enum WalletOption {
    static let help = OptionHelp("--wallet", value: "id", help: "The wallet ID or an 8+ digit prefix (default: the default wallet).")

    static func parse(_ arguments: inout Arguments) throws(UsageError) -> WalletSelection {
        WalletSelection(try arguments.option("--wallet"))
    }
}
