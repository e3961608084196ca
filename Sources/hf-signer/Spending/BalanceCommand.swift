import HFCommandLine
import HFPrimitives
import HFSignerCore
import HFWallet

/// `hf-signer balance`.
struct BalanceCommand: Command {
    static let name = "balance"
    static let abstract = "Show the wallet's balance, from the receipts it holds."
    static let discussion: String? = """
        Confirmed = unspent outputs of transactions this signer verified (SPV receipts); pendingOut = what its own \
        signed, not yet confirmed transactions send away. Nothing is asked of any service. With --json: \
        {"confirmed","pendingOut","utxoCount","walletId"}.
        """
    static let options = [WalletOption.help]

    let selection: WalletSelection

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let wallet = try context.openWallet(selection)
        let balance = try signerOperation { () throws(SignerError) in
            try wallet.ledger().balance(walletID: wallet.info.walletID)
        }
        if context.globals.json {
            try Output.json(balance)
        } else {
            Output.result("confirmed:   \(AmountText.bsv(balance.confirmed)) in \(balance.utxoCount) outputs")
            Output.result("pending out: \(AmountText.bsv(balance.pendingOut))")
        }
        return .success
    }
}

/// `hf-signer utxos`.
struct UTXOsCommand: Command {
    static let name = "utxos"
    static let abstract = "List the wallet's confirmed unspent outputs."
    static let discussion: String? = """
        With --json: [{"address","height","satoshis","txid","vout"}]. Outputs of 1 satoshi or with an inscription \
        are listed but never spent.
        """
    static let options = [WalletOption.help]

    let selection: WalletSelection

    init(parsing arguments: inout Arguments) throws {
        selection = try WalletOption.parse(&arguments)
    }

    func run(_ context: CommandContext) throws -> ExitCode {
        let wallet = try context.openWallet(selection)
        let utxos = try signerOperation { () throws(SignerError) in
            try wallet.ledger().utxos.utxos
        }
        if context.globals.json {
            try Output.json(utxos.map(Entry.init))
        } else {
            for utxo in utxos {
                Output.result("\(utxo.outpoint)\t\(AmountText.bsv(utxo.satoshis))\t\(utxo.address.address.string)"
                    + (utxo.isProtected ? "\tprotected" : ""))
            }
        }
        return .success
    }

    struct Entry: Encodable {
        let txid: String
        let vout: UInt32
        let satoshis: UInt64
        let address: String
        let height: Int?

        init(_ utxo: UTXO) {
            txid = utxo.outpoint.txid.displayHex
            vout = utxo.outpoint.vout
            satoshis = utxo.satoshis
            address = utxo.address.address.string
            height = utxo.height
        }
    }
}
