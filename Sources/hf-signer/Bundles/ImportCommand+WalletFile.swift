import HFCommandLine
import HFSignerCore
import HFSPV
import HFStore

extension ImportCommand {
    /// Imports an encrypted `.hfwallet` file with the vault's key (see `WalletFileService`).
    func importWalletFile(
        _ bytes: [UInt8], context: CommandContext, home: SignerHome, chain: HeaderChain
    ) throws(CommandError) -> Result {
        let vault = try context.openVault(home)
        let outcome = try signerOperation { () throws(SignerError) in
            try WalletFileService.importFile(bytes, network: chain.network, home: home, vault: vault, chain: chain)
        }
        return Result(
            kind: "hfwallet", accepted: true, validatedTipHeight: nil, txid: nil, received: nil,
            summary: "wallet file of \(outcome.walletId.prefix(16)): \(outcome.added) new of \(outcome.receipts) receipts")
    }
}
