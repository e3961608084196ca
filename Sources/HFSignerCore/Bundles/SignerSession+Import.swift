public import HFBundles
import HFPrimitives
public import HFSPV
public import HFWallet

/// What importing one bundle did, by kind (`hf-signer import`, `scan`).
public enum ImportOutcome: Sendable {
    /// A header run: what the chain changed, and the providers the watcher says agreed on it (the bundle's
    /// optional `sources`, shown, never needed). Which receipts count follows from the chain (no further step).
    case headers(HeaderCommit, sources: [String]?)
    /// A receipt, verified and stored: one outcome per wallet it was applied to (without `--wallet`, every wallet of
    /// the home it pays or spends from; with it, the wallet named).
    case receipt([ReceiptImporter.Outcome])
    /// A BEEF: every BUMP root in the local chain, its subjects imported as receipts.
    case beef(BeefImporter.Outcome)
    /// An encrypted wallet file merged into its wallet.
    case walletFile(WalletFileService.Outcome)
    /// A watcher's update: headers, receipts and a pack-extension request, applied in that order.
    case update(UpdateImporter.Outcome)
    /// A probe's answer, reported: nothing in the home changed.
    case probeResult(ProbeReport)
}

extension SignerSession {
    /// Imports one bundle's bytes, routed by content (never by extension): headers into the chain, BEEF into the
    /// selected wallet (opened on first need and kept for the session), a wallet file into its wallet. A receipt, and
    /// each receipt of an update, goes without `--wallet` (`selection` `.defaultWallet`) to every wallet of the home
    /// it pays or spends from (``importReceiptEverywhere(_:secrets:search:searchProgress:)``), with it to that wallet.
    /// A rejected bundle leaves the store exactly as it was. `search` bounds the search for a receipt's unknown
    /// payees (`ReceiptImporter`'s auto-rediscovery) and `searchProgress` is told how it advances.
    ///
    /// A kind the signer does not import is refused with the command that takes it, naming `source` (the file as
    /// the user gave it) in that command.
    ///
    /// - Throws: `SignerError.header`, `.inclusion`, `.rejected` (naming the check, or directing the file to the
    ///   command that takes it), or the wallet's opening errors.
    public func importBundle(
        _ bytes: [UInt8], wallet selection: WalletSelection, secrets: any SignerSecrets,
        search: AddressSearch = .standard, searchProgress: AddressSearch.Progress? = nil, source: String = "FILE"
    ) throws(SignerError) -> ImportOutcome {
        let parsed: ParsedBundle
        do { parsed = try ParsedBundle(bytes) } catch { throw .bundle(error) }
        return try importBundle(
            parsed, wallet: selection, secrets: secrets, search: search, searchProgress: searchProgress, source: source)
    }

    /// Imports a bundle already parsed (by ``ImportOrder``), as ``importBundle(_:wallet:secrets:search:searchProgress:source:)``
    /// imports its bytes: the file is parsed once.
    public func importBundle(
        _ parsed: ParsedBundle, wallet selection: WalletSelection, secrets: any SignerSecrets,
        search: AddressSearch = .standard, searchProgress: AddressSearch.Progress? = nil, source: String = "FILE"
    ) throws(SignerError) -> ImportOutcome {
        let bytes = parsed.bytes
        switch parsed.kind {
        case .headers:
            let bundle: HeadersBundle
            do { bundle = try HeadersBundle(parsed: parsed, expectedNetwork: network) } catch { throw .bundle(error) }
            return try importHeaders(bundle)
        case .receipt:
            let receipt: ReceiptBundle
            do { receipt = try ReceiptBundle(parsed: parsed, expectedNetwork: network) } catch { throw .bundle(error) }
            if selection == .defaultWallet {
                return .receipt(
                    try importReceiptEverywhere(
                        receipt, secrets: secrets, search: search, searchProgress: searchProgress))
            }
            let wallet = try importWallet(selection, secrets: secrets)
            var importer = ReceiptImporter(home: home, book: wallet.book, chain: wallet.chain)
            importer.search = search
            importer.searchProgress = searchProgress
            return .receipt([try importer.importReceipt(receipt)])
        case .beef:
            let wallet = try importWallet(selection, secrets: secrets)
            return .beef(try BeefImporter(home: home, book: wallet.book, chain: wallet.chain, search: search).importBeef(bytes))
        case .walletFile:
            let chain = try chain()
            return .walletFile(
                try WalletFileService.importFile(
                    bytes, network: network, home: home, vault: try openVault(secrets), chain: chain))
        case .update:
            let update: UpdateBundle
            do { update = try UpdateBundle(parsed: parsed, expectedNetwork: network) } catch { throw .bundle(error) }
            // The update names its wallet: it is imported there without --wallet.
            let wallet = try openWallet(
                selection == .defaultWallet ? .id(update.walletID.hex) : selection, secrets: secrets)
            let others =
                selection == .defaultWallet
                ? try homeWallets(secrets: secrets).filter { $0.info.walletID != wallet.info.walletID } : []
            return .update(try UpdateImporter.importUpdate(update, wallet: wallet, others: others, search: search))
        case .probeResult:
            let result: ProbeResultBundle
            do { result = try ProbeResultBundle(parsed: parsed, expectedNetwork: network) } catch {
                throw .bundle(error)
            }
            return .probeResult(ProbeReport(result))
        case let other:
            let name = other.formatName ?? (other == .encryptedBackup ? "bep" : other.rawValue)
            let direction = other.direction(importedBy: .signer, file: source).map { ": " + $0 } ?? ""
            throw .rejected(reason: "the signer does not import \(name) files\(direction)")
        }
    }

    /// Imports a headers bundle already decoded (by ``ImportOrder``), as ``importBundle(_:wallet:secrets:search:searchProgress:source:)``
    /// imports its bytes.
    /// - Throws: `.bundle(.wrongNetwork)` for a bundle of another network; as `importBundle` otherwise.
    public func importHeaders(_ bundle: HeadersBundle) throws(SignerError) -> ImportOutcome {
        guard bundle.network == network else { throw .bundle(.wrongNetwork(expected: network, found: bundle.network)) }
        let chain = try chain()
        return .headers(try HeaderImporter.importHeaders(bundle, home: home, chain: chain), sources: bundle.sources)
    }

    /// The wallet receipts go to, opened once per session.
    private func importWallet(_ selection: WalletSelection, secrets: any SignerSecrets) throws(SignerError) -> SignerWallet {
        if let importWallet { return importWallet }
        let wallet = try openWallet(selection, secrets: secrets)
        importWallet = wallet
        return wallet
    }
}
