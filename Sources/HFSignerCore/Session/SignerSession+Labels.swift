public import HFBundles
import HFStore
import HFWallet

/// The session's label use cases (`hf-signer label`): BIP-329 labels of the selected wallet.
extension SignerSession {
    /// The labels of the selected wallet of the session's network, by type then reference. Needs no passphrase.
    public func labels(
        of selection: WalletSelection
    ) throws(SignerError) -> (wallet: WalletInfo, labels: [WalletLabel]) {
        let wallet = try showWallet(selection)
        return (wallet, try WalletLabels(home: home, walletID: wallet.walletID, network: network).list())
    }

    /// Sets the label of `ref` (an address, a txid or `txid:vout`) of the selected wallet to `text`, or removes it
    /// when `text` is empty. Only a reference the wallet knows is labelled; an address needs the wallet's keys, so
    /// the vault is opened (asking `secrets`) only then.
    /// - Throws: `SignerError.rejected` for a malformed or unknown reference, a malformed label, or a wallet at
    ///   the label limit; nothing changes then.
    public func setLabel(
        _ ref: String, text: String, wallet selection: WalletSelection, secrets: any SignerSecrets
    ) throws(SignerError) -> (kind: WalletLabel.Kind, ref: String, change: WalletLabels.Change) {
        let wallet = try showWallet(selection)
        let labels = WalletLabels(home: home, walletID: wallet.walletID, network: network)
        return try labels.set(ref: ref, text: text) { () throws(SignerError) in
            try openWallet(selection, secrets: secrets).book.ownedAddresses()
        }
    }

    /// Writes the selected wallet's labels as BIP-329 lines to the new file `out` (mode 0600: labels are private).
    /// - Returns: the number of labels written.
    /// - Throws: `SignerError.cannotCreate` when `out` exists or cannot be written; nothing is written then.
    public func exportLabels(wallet selection: WalletSelection, out: String) throws(SignerError) -> Int {
        try CommittedFile.refuseExisting(out)
        let labels = try labels(of: selection).labels
        try CommittedFile.write(
            LabelLines.encode(labels), to: out, mode: 0o600, recovery: "run `hf-signer label export` again")
        return labels.count
    }

    /// Reads the BIP-329 file at `path` and applies its labels to the selected wallet in one store transaction:
    /// every line whose reference the wallet knows is applied, the others are reported. The vault is opened (asking
    /// `secrets`) only when a line labels an address.
    /// - Throws: `SignerError.unreadable` for a missing or unreadable file, `.rejected` for one over 64 MiB or the
    ///   wallet selection's errors; nothing changes then.
    public func importLabels(
        path: String, wallet selection: WalletSelection, secrets: any SignerSecrets
    ) throws(SignerError) -> LabelImportReport {
        let wallet = try showWallet(selection)
        let bytes = try BoundedFile.read(
            path, limit: BundleLimits.maxBundleBytes,
            tooLarge: "'\(path)' is larger than the 64 MiB limit of a label file")
        let entries = LabelLines.parse(bytes, network: network)
        let labels = WalletLabels(home: home, walletID: wallet.walletID, network: network)
        return try labels.apply(entries) { () throws(SignerError) in
            try openWallet(selection, secrets: secrets).book.ownedAddresses()
        }
    }
}
