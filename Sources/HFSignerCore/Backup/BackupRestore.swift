public import HFBundles
import HFCrypto
import HFPrimitives
import HFSPV
import HFStore
import HFWallet

/// Restoring a backup document into a home: new wallets are added, existing ones (same wallet ID) are left alone but
/// for their pending transactions and answered calls, which are merged (what the home does not hold is added).
public enum BackupRestore {
    /// What happened to one wallet of the backup.
    public struct Outcome: Encodable, Sendable, Equatable {
        public let walletId: String
        public let title: String
        public let network: String
        /// `restored` or `alreadyPresent`.
        public let result: String
        /// Receipts stored (verified against the local chain, or kept unconfirmed until headers arrive).
        public let receipts: Int
        /// The txids of the backup's pending transactions stored as pending now (their inputs count as spent).
        public let pending: [String]
        /// The backup's answered calls recorded now (a restored home answers each of them at most once).
        public let answeredCalls: Int
        /// Receipts kept unverified because the home's chain does not reach their block yet (they count in no
        /// balance until the headers are imported).
        public let unverifiedReceipts: Int
    }

    /// What the home needs next after a restore, per network that has receipts waiting for headers: its chain
    /// ends at `validatedTipHeight` (the checkpoint on a new home), and headers from the next height on verify them.
    public struct HeadersNeeded: Encodable, Sendable, Equatable {
        public let network: String
        public let checkpointHeight: Int
        public let validatedTipHeight: Int
        /// Receipts of that network waiting for headers.
        public let receipts: Int
    }

    /// Restores every wallet of `document` into `home` (with their sweep keys, wallet-file keys, labels and gap
    /// limits) and its spending
    /// policy when it has one and the home has none, in one store transaction.
    /// - Returns: one outcome per wallet, and what happened to the policy (nil when the backup has none).
    public static func restore(
        _ document: BackupDocument, home: SignerHome, vault: SignerVault
    ) throws(SignerError) -> (outcomes: [Outcome], policy: PolicyRestoreOutcome?, headersNeeded: [HeadersNeeded]) {
        // Header chains are opened first: their stores refuse to open inside a database transaction.
        var chains: [Network: HeaderChain] = [:]
        for network in Set(document.wallets.map(\.network)) { chains[network] = try home.headerChain(network: network) }
        return try home.database.transaction { () throws(SignerError) in
            let outcomes = try restore(document, home: home, vault: vault, chains: chains)
            let policy = try document.policy.map { backup throws(SignerError) in
                let outcome = try BackupPolicyMapping.restore(backup, home: home)
                // The restored policy's copy goes into the vault too, so a row deleted later is detected.
                if outcome == .restored { try PolicyVaultCopy.save(StoredPolicy.load(home), vault: vault.store) }
                return outcome
            }
            var needed: [HeadersNeeded] = []
            for network in Network.allCases {
                let waiting = outcomes.filter { $0.network == network.rawValue }.reduce(0) { $0 + $1.unverifiedReceipts }
                guard waiting > 0, let chain = chains[network] else { continue }
                needed.append(HeadersNeeded(
                    network: network.rawValue, checkpointHeight: chain.checkpoint.height,
                    validatedTipHeight: chain.validatedTipHeight, receipts: waiting))
            }
            return (outcomes, policy, needed)
        }
    }

    private static func restore(
        _ document: BackupDocument, home: SignerHome, vault: SignerVault, chains: [Network: HeaderChain]
    ) throws(SignerError) -> [Outcome] {
        var outcomes: [Outcome] = []
        for wallet in document.wallets {
            let wallets = SignerWallets(home: home, network: wallet.network)
            guard let mnemonic = try? Mnemonic(phrase: String(decoding: wallet.mnemonic.bytes, as: UTF8.self)) else {
                throw .rejected(reason: "the backup's wallet \"\(wallet.title)\" has an invalid recovery phrase")
            }
            let passphrase = String(decoding: wallet.passphrase.bytes, as: UTF8.self)
            // Another application's chains (version 5) come back with the wallet; ours otherwise.
            var walletChains = BIP32Chains.standard
            if let text = wallet.bip32Chains {
                do { walletChains = try BIP32Chains(text: text) } catch {
                    throw .rejected(
                        reason: "the backup's wallet \"\(wallet.title)\" has BIP32 chains that cannot be used: \(error)")
                }
            }
            var keys: WalletKeys
            do {
                keys = try WalletKeys(
                    mnemonic: mnemonic, passphrase: passphrase, network: wallet.network, chains: walletChains)
            } catch {
                throw .rejected(reason: "\(error)")
            }
            if let present = try wallets.list().first(where: { $0.walletID == keys.walletIDHex }) {
                // The wallet already here keeps its own chains.
                let presentChains = try present.chains
                if presentChains != walletChains {
                    do {
                        keys = try WalletKeys(
                            mnemonic: mnemonic, passphrase: passphrase, network: wallet.network, chains: presentChains)
                    } catch {
                        throw .rejected(reason: "\(error)")
                    }
                }
                let merged = try PendingRestore.restore(
                    wallet.pending, book: AddressBook(home: home, wallet: present, keys: keys), home: home)
                outcomes.append(Outcome(
                    walletId: keys.walletIDHex, title: wallet.title, network: wallet.network.rawValue,
                    result: "alreadyPresent", receipts: 0, pending: merged.restored, answeredCalls: merged.calls,
                    unverifiedReceipts: 0))
                continue
            }
            let title = wallet.title.isEmpty ? nil : wallet.title
            let record = try wallets.add(
                title: title, mnemonic: mnemonic, passphrase: passphrase,
                derivation: wallet.derivationType == .bip44 ? .bip44 : .type42, chains: walletChains,
                vault: vault)
            let book = AddressBook(home: home, wallet: record, keys: keys)
            for (scheme, indexes) in [(DerivationScheme.type42, wallet.addressIndexes.type42), (.bip44, wallet.addressIndexes.bip44)] {
                try book.raiseNext(scheme, .receive, to: Int(indexes.receive))
                try book.raiseNext(scheme, .change, to: Int(indexes.change))
            }
            try BackupKeys.restore(wallet, walletID: record.walletID, home: home, vault: vault.store)
            if let gap = wallet.gapLimit { try book.setGapLimit(gap) }
            try WalletLabels(home: home, walletID: record.walletID, network: wallet.network).restore(wallet.labels)
            if wallet.isDefault { _ = try wallets.setDefault(.id(record.walletID)) }
            guard let chain = chains[wallet.network] else { throw .rejected(reason: "no header chain for \(wallet.network)") }
            let (stored, unverified) = try restoreReceipts(
                wallet.receipts, walletID: record.walletID, book: book, home: home, chain: chain)
            let pending = try PendingRestore.restore(wallet.pending, book: book, home: home)
            outcomes.append(Outcome(
                walletId: record.walletID, title: record.title, network: record.network.rawValue, result: "restored",
                receipts: stored, pending: pending.restored, answeredCalls: pending.calls,
                unverifiedReceipts: unverified))
        }
        return outcomes
    }

    /// Imports receipts that verify now; keeps the others (header not yet imported) as unconfirmed with their proof,
    /// to be verified when headers arrive.
    /// - Returns: how many were stored, and how many of them wait for headers.
    static func restoreReceipts(
        _ receipts: [ReceiptBundle], walletID: String, book: AddressBook, home: SignerHome, chain: HeaderChain
    ) throws(SignerError) -> (stored: Int, unverified: Int) {
        let importer = ReceiptImporter(home: home, book: book, chain: chain)
        var stored = 0
        var unverified = 0
        for receipt in receipts {
            if ReceiptCheck.verdict(receipt, chain: chain) == .verified {
                _ = try importer.importReceipt(receipt)
            } else {
                let record = TransactionRecord(
                    walletID: walletID, txid: receipt.txid, raw: receipt.rawTx, state: .unconfirmed,
                    blockHeight: Int(receipt.blockHeight), blockHash: receipt.blockHash,
                    receipt: receipt.encoded(), createdAt: SignerWallets.now())
                do { try TransactionRecords(database: home.database).save(record) } catch { throw .database(error) }
                unverified += 1
            }
            stored += 1
        }
        return (stored, unverified)
    }
}
