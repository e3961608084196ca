import Foundation
public import HFBundles
import HFCrypto
public import HFPrimitives
public import HFSPV
import HFStore
public import HFWallet

/// Sweeping foreign private keys into a wallet (scan of a WIF): the key goes to the vault, its address to
/// `sweep_keys` and to a signed `.hfsweep` for the watcher; proven payments to it are listed apart from the
/// wallet's balance and spent, all at once, to the wallet's next receive address.
public struct SweepService {
    /// A new key's outcome.
    public struct Added: Sendable {
        /// The key's address.
        public let address: Address
        /// Whether the key is new for this wallet (false: it was imported before; nothing changed).
        public let isNew: Bool
        /// The `.hfsweep` listing every sweep address of the wallet.
        public let bundle: SweepRequestBundle
    }

    /// A signed sweep, not yet kept.
    public struct Signed: Sendable {
        public let transaction: Transaction
        public let bundle: TransactionBundle
        /// The swept outputs.
        public let inputs: [SweepOutput]
        /// Where the coins go (the wallet's next receive address).
        public let destination: DerivedAddress
        /// Satoshis in, fee, and what arrives.
        public let total: UInt64
        public let fee: UInt64
        public var txid: String { transaction.txid.displayHex }
        public var amount: UInt64 { total - fee }
    }

    let home: SignerHome
    let book: AddressBook

    public init(home: SignerHome, book: AddressBook) {
        self.home = home
        self.book = book
    }

    // MARK: - Keys

    /// The wallet's sweep addresses, oldest first.
    public func sweepAddresses() throws(SignerError) -> [String] { try keys().map(\.address) }

    /// The vault id of a sweep key: `sweep-` and the first 16 hex digits of its address's HASH160 (public).
    public static func vaultID(of address: Address) -> String { "sweep-" + Array(address.hash160.prefix(8)).hex }

    /// Checks `wif` against the wallet's network and stores it: vault first, then the `sweep_keys` row and
    /// `write(bundle)` in one store transaction (a failed write leaves no row; a stray vault item is harmless and is
    /// overwritten by a retry).
    /// - Throws: `SignerError.rejected` for a WIF of another network or an invalid one (the text is never shown).
    public func add(
        wif: String, vault: SignerVault, write: (SweepRequestBundle) throws(SignerError) -> Void
    ) throws(SignerError) -> Added {
        let vault = vault.store
        let network = book.keys.network
        let decoded: (key: PrivateKey, compressed: Bool)
        do { decoded = try WIF.decode(wif, network: network) } catch {
            throw .rejected(reason: "the private key is not a valid \(network.rawValue) WIF (\(error))")
        }
        let publicKey = decoded.compressed ? decoded.key.publicKey.compressed : decoded.key.publicKey.uncompressed
        let address: Address
        do { address = try Address(hash160: Hash.hash160(publicKey), network: network) } catch {
            throw .rejected(reason: "\(error)")
        }
        let walletID = book.record.walletID
        let records = SweepKeyRecords(database: home.database)
        let existing: [SweepKeyRecord]
        do { existing = try records.list(walletID: walletID) } catch { throw .database(error) }
        let isNew = !existing.contains { $0.address == address.string }
        let record = SweepKeyRecord(
            walletID: walletID, address: address.string, vaultID: Self.vaultID(of: address),
            compressed: decoded.compressed, createdAt: SignerWallets.now())
        var raw = decoded.key.rawRepresentation
        let secret = SecureBytes(consuming: &raw)
        if isNew {
            do { try vault.write(id: record.vaultID, data: secret) } catch { throw .vault(error) }
        }
        let bundle = try request(addresses: existing.map(\.address) + (isNew ? [address.string] : []))
        try home.database.transaction { () throws(SignerError) in
            if isNew {
                do throws(DatabaseError) { _ = try records.add(record) } catch { throw .database(error) }
            }
            try write(bundle)
        }
        return Added(address: address, isNew: isNew, bundle: bundle)
    }

    /// The wallet's sweep keys.
    func keys() throws(SignerError) -> [SweepKeyRecord] {
        do { return try SweepKeyRecords(database: home.database).list(walletID: book.record.walletID) } catch {
            throw .database(error)
        }
    }

    /// The addresses of the wallet's sweep keys, for receipt ownership.
    public func addresses() throws(SignerError) -> Set<[UInt8]> {
        let network = book.keys.network
        return Set(try keys().compactMap { try? Address(string: $0.address, network: network).hash160 })
    }

    /// A `.hfsweep` of `addresses`, signed by the identity key now.
    private func request(addresses: [String]) throws(SignerError) -> SweepRequestBundle {
        let network = book.keys.network
        do {
            return try SweepRequestBundle(
                network: network,
                createdAt: RFC3339Timestamp.now(),
                addresses: addresses.map { text in try Address(string: text, network: network) },
                signingWith: book.keys.identityPrivateKey)
        } catch {
            throw .rejected(reason: "cannot build the .hfsweep: \(error)")
        }
    }

    // MARK: - Outputs

    /// Every output paying a sweep address in a transaction confirmed on `chain`, with the stored transaction
    /// spending it if any (only confirmed and pending transactions spend: see `WalletTransactionState`).
    public func outputs(on chain: HeaderChain) throws(SignerError) -> [SweepOutput] {
        let sweep = try addresses()
        guard !sweep.isEmpty else { return [] }
        let ledger = try WalletLedger(home: home, book: book, chain: chain)
        var spentBy: [OutPoint: String] = [:]
        for (wallet, record) in zip(ledger.transactions, ledger.records) where wallet.state.consumesInputs {
            for input in wallet.transaction.inputs { spentBy[input.previousOutput] = record.txid }
        }
        var result: [SweepOutput] = []
        for (wallet, record) in zip(ledger.transactions, ledger.records) where wallet.state.height != nil {
            let transaction = wallet.transaction
            for (vout, output) in transaction.outputs.enumerated() {
                guard let hash = output.lockingScript.p2pkhHash160, sweep.contains(hash),
                    let address = try? Address(hash160: hash, network: book.keys.network)
                else { continue }
                let outpoint = OutPoint(txid: transaction.txid, vout: UInt32(vout))
                result.append(
                    SweepOutput(
                        txid: record.txid, vout: UInt32(vout), address: address.string, satoshis: output.satoshis,
                        height: record.blockHeight ?? 0, spentBy: spentBy[outpoint]))
            }
        }
        return result
    }

    // MARK: - Sweeping

    /// Signs a transaction spending every unspent sweep output to the wallet's next receive address.
    /// - Throws: `SignerError.rejected` when nothing proven is unspent, or the fee leaves less than the dust limit.
    public func sign(feeRate: FeeRate, chain: HeaderChain, vault: SignerVault) throws(SignerError) -> Signed {
        let vault = vault.store
        let lockTimeHeight = chain.validatedTipHeight
        let unspent = try outputs(on: chain).filter { $0.spentBy == nil }
        guard !unspent.isEmpty else {
            throw .rejected(reason: "no proven unspent output pays a sweep address; import the receipts of the "
                + "payments to them first (`sweep status` lists what is known)")
        }
        let keys = try keys()
        let network = book.keys.network
        let destination = try book.next()
        let total = unspent.reduce(0) { $0 + $1.satoshis }
        let anyUncompressed = keys.contains { !$0.compressed }
        let size = TransactionSize.estimate(p2pkhInputs: unspent.count, outputCount: 1, outputBytes: 34)
            + (anyUncompressed ? 32 * unspent.count : 0)
        let fee = feeRate.fee(forSize: size)
        guard total > fee, !DustLimit.isDust(total - fee) else {
            throw .rejected(reason: "the \(total) satoshis to sweep do not cover the fee of \(fee) satoshis plus the "
                + "dust limit of \(DustLimit.threshold)")
        }
        var sources: [TransactionOutput] = []
        var inputs: [TransactionInput] = []
        for output in unspent {
            guard let txid = try? Txid(displayHex: output.txid),
                let address = try? Address(string: output.address, network: network),
                let source = try? TransactionOutput(satoshis: output.satoshis, lockingScript: Script(p2pkhPaying: address))
            else { throw .rejected(reason: "the stored output \(output.txid):\(output.vout) is malformed") }
            sources.append(source)
            inputs.append(TransactionInput(previousOutput: OutPoint(txid: txid, vout: output.vout)))
        }
        let payment: TransactionOutput
        do { payment = try TransactionOutput(satoshis: total - fee, lockingScript: Script(p2pkhPaying: destination.address)) }
        catch { throw .rejected(reason: "\(error)") }
        var transaction = Transaction(inputs: inputs, outputs: [payment], lockTime: UInt32(lockTimeHeight))
        let cache = SighashCache(transaction: transaction)
        for (index, output) in unspent.enumerated() {
            guard let record = keys.first(where: { $0.address == output.address }) else {
                throw .rejected(reason: "no stored key for sweep address \(output.address)")
            }
            let secret: SecureBytes
            do { secret = try vault.read(id: record.vaultID) } catch { throw .vault(error) }
            var raw = secret.bytes
            defer { Zeroization.zeroize(&raw) }
            guard let key = try? PrivateKey(rawRepresentation: raw) else {
                throw .rejected(reason: "the vault item \(record.vaultID) is not a private key")
            }
            let publicKey = record.compressed ? key.publicKey.compressed : key.publicKey.uncompressed
            do {
                transaction.inputs[index].unlockingScript = try P2PKHSigner.unlockingScript(
                    forInput: index, of: cache, sourceOutput: sources[index], privateKey: key, publicKey: publicKey,
                    sighashType: .allForkID)
            } catch {
                throw .rejected(reason: "cannot sign input \(index): \(error)")
            }
        }
        let signedCache = SighashCache(transaction: transaction)
        for index in transaction.inputs.indices
        where !P2PKHVerifier.isValid(input: index, of: signedCache, sourceOutput: sources[index]) {
            throw .rejected(reason: "input \(index) does not verify after signing; nothing was kept")
        }
        do {
            let previous = try zip(unspent, sources).map { output, source in
                try PreviousOutput(
                    txid: Txid(displayHex: output.txid), vout: output.vout, satoshis: source.amount,
                    lockingScript: source.lockingScript.bytes)
            }
            let bundle = try TransactionBundle(
                network: network, rawTx: transaction.serialized,
                createdAt: RFC3339Timestamp.now(), inputs: previous)
            return Signed(
                transaction: transaction, bundle: bundle, inputs: unspent, destination: destination, total: total,
                fee: fee)
        } catch {
            throw .rejected(reason: "cannot build the .hftx: \(error)")
        }
    }

    /// Keeps a signed sweep as pending (its inputs then count as spent) and raises the receive index, in one
    /// store transaction, then writes its `.hftx` to the new file `out`.
    public func commit(_ signed: Signed, out: String) throws(SignerError) {
        try PendingTransaction.keep(
            signed.transaction, bundle: signed.bundle, usedAddresses: [signed.destination], home: home, book: book,
            out: out)
    }
}
