import HFWallet

extension SignerSession {
    /// The other wallets of the session's network than `wallet`, each with its ownership test (its addresses
    /// re-derived from its keys), so a review can name an output paying one of them as `wallet` with its ID (a
    /// `wallet move`'s `.hftx` in `bundle inspect`). Uses the vault `wallet` was opened with; a wallet whose keys
    /// cannot be read is left out.
    public func otherWallets(than wallet: SignerWallet) throws(SignerError) -> [PaymentReviewer.OtherWallet] {
        let wallets = SignerWallets(home: home, network: network)
        var others: [PaymentReviewer.OtherWallet] = []
        for info in try wallets.list() where info.walletID != wallet.info.walletID {
            // A wallet whose seed does not read back is left out: its outputs show `external`, as before.
            guard let keys = try? wallets.keys(for: info, vault: wallet.vault) else { continue }
            let book = AddressBook(home: home, wallet: info, keys: keys)
            others.append(
                PaymentReviewer.OtherWallet(walletID: info.walletID, ownership: try OutputOwnership(book: book)))
        }
        return others
    }
}
