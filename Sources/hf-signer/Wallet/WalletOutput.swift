import HFCommandLine
import HFPrimitives
import HFSignerCore
import HFWallet

/// Printing a wallet after create, import or default.
enum WalletOutput {
    static func print(_ record: WalletInfo, context: CommandContext, verb: String) throws(CommandError) {
        let chains = try signerOperation { () throws(SignerError) in try record.chains }
        if context.globals.json {
            try Output.json(
                WalletSummary(
                    walletId: record.walletID, title: record.title, network: record.network.rawValue,
                    derivation: record.derivation.rawValue, chains: ChainPaths(chains)))
        } else {
            Output.result(
                "\(verb) wallet \(record.walletID) \"\(record.title)\" (\(record.network.rawValue), "
                    + "\(record.derivation.rawValue)\(chains.humanSuffix))" + (record.isDefault ? ", default" : ""))
        }
    }
}
