import HFBundles
import HFStore
import HFWallet

extension SignerSession {
    /// Imports one receipt into every wallet of the session's network it concerns (issue 32): each wallet whose known
    /// addresses or sweep addresses it pays, whose coins it spends, or that already holds it. All of them are taken in
    /// one store transaction: one refusal leaves the store as it was. A receipt that concerns no wallet goes to the
    /// default wallet as with `--wallet`, where the search for its payees decides (``ReceiptImporter``).
    ///
    /// - Returns: one outcome per wallet the receipt was applied to, the default wallet first when it is one of them.
    /// - Throws: the first refusal (`SignerError.inclusion`, `.rejected`, store errors), or the wallets' opening
    ///   errors.
    func importReceiptEverywhere(
        _ receipt: ReceiptBundle, secrets: any SignerSecrets, search: AddressSearch,
        searchProgress: AddressSearch.Progress?
    ) throws(SignerError) -> [ReceiptImporter.Outcome] {
        let wallets = try homeWallets(secrets: secrets)
        var concerned: [SignerWallet] = []
        for wallet in wallets {
            let importer = ReceiptImporter(home: home, book: wallet.book, chain: wallet.chain)
            if try importer.concerns(receipt) { concerned.append(wallet) }
        }
        if concerned.isEmpty, let fallback = wallets.first { concerned = [fallback] }
        return try home.database.transaction { () throws(SignerError) -> [ReceiptImporter.Outcome] in
            var outcomes: [ReceiptImporter.Outcome] = []
            for wallet in concerned {
                var importer = ReceiptImporter(home: home, book: wallet.book, chain: wallet.chain)
                importer.search = search
                importer.searchProgress = searchProgress
                outcomes.append(try importer.importReceipt(receipt))
            }
            return outcomes
        }
    }

    /// Every wallet of the session's network, opened once per session: the default wallet first, then the others
    /// oldest first.
    func homeWallets(secrets: any SignerSecrets) throws(SignerError) -> [SignerWallet] {
        if let openedHomeWallets { return openedHomeWallets }
        let first = try openWallet(.defaultWallet, secrets: secrets)
        var wallets = [first]
        for info in try SignerWallets(home: home, network: network).list() where info.walletID != first.info.walletID {
            wallets.append(try openWallet(.id(info.walletID), secrets: secrets))
        }
        openedHomeWallets = wallets
        return wallets
    }
}
