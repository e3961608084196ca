import HFCommandLine
import HFStore

/// Printing a wallet after create, import or default.
enum WalletOutput {
    static func print(_ record: WalletRecord, context: CommandContext, verb: String) throws(CommandError) {
        if context.globals.json {
            try Output.json(
                WalletSummary(
                    walletId: record.walletID, title: record.title, network: record.network,
                    derivation: record.derivation))
        } else {
            Output.result("\(verb) wallet \(record.walletID) \"\(record.title)\" (\(record.network), \(record.derivation))"
                + (record.isDefault ? ", default" : ""))
        }
    }
}
