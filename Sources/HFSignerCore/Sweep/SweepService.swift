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

    /// Checks `wif` against the wallet's network and stores it: the vault item first, then the `sweep_keys` row in
    /// one store transaction, then (commit first, then write) the `.hfsweep` listing every sweep address to the new
    /// file `out`. A taken `out` is refused before anything is stored; a stray vault item left by a crash is
    /// harmless and overwritten by a retry.
    /// - Throws: `SignerError.rejected` for a WIF of another network or an invalid one (the text is never shown).
    public func add(wif: String, vault: SignerVault, out: String, chain: HeaderChain) throws(SignerError) -> Added {
        try CommittedFile.refuseExisting(out)
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
        var bundle = try request(addresses: existing.map(\.address) + (isNew ? [address.string] : []))
        if isNew {
            try home.database.transaction { () throws(SignerError) in
                do throws(DatabaseError) { _ = try records.add(record) } catch { throw .database(error) }
            }
        }
        bundle.signerState = try SignerStateMaker.make(book: book, chain: chain, home: home)
        try CommittedFile.write(
            bundle.encoded(), to: out, mode: 0o644, recovery: "the key is stored; run `hf-signer sweep add` again to "
                + "write the .hfsweep")
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
            for input in wallet.transaction.inputs { spentBy[input.previousOutput] = record.txid.displayHex }
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
                        txid: record.txid.displayHex, vout: UInt32(vout), address: address.string, satoshis: output.satoshis,
                        height: record.blockHeight ?? 0, spentBy: spentBy[outpoint]))
            }
        }
        return result
    }

    // MARK: - Sweeping

    /// A sweep planned and not yet signed: what the user reviews. Preparing reads no key.
    public struct Prepared: Sendable {
        /// The unsigned transaction, its destination, total and fee.
        public let plan: SweepPlan
        /// The swept outputs, in input order.
        public let inputs: [SweepOutput]
        let sources: [SweepBuilder.Source]
        let keys: [SweepKeyRecord]
        /// Satoshis in, fee, and what arrives.
        public var total: UInt64 { plan.total }
        public var fee: UInt64 { plan.fee }
        public var amount: UInt64 { plan.total - plan.fee }
        /// Where the coins go (the wallet's next receive address).
        public var destination: DerivedAddress { plan.destination }
    }

    /// Plans a transaction spending every unspent sweep output to the wallet's fresh receive address, through
    /// HFWallet's `SweepBuilder` (the payments' fee rule, dust limit and 100 KB ceiling). Reads no key and writes
    /// nothing: the receive index moves when the sweep is kept.
    /// - Throws: `SignerError.rejected` when nothing proven is unspent, or the plan is refused (dust, size).
    public func prepare(feeRate: FeeRate, chain: HeaderChain) throws(SignerError) -> Prepared {
        let unspent = try outputs(on: chain).filter { $0.spentBy == nil }
        guard !unspent.isEmpty else {
            throw .rejected(reason: "no proven unspent output pays a sweep address; import the receipts of the "
                + "payments to them first (`sweep status` lists what is known)")
        }
        let keys = try keys()
        let network = book.keys.network
        var sources: [SweepBuilder.Source] = []
        var used: [SweepKeyRecord] = []
        for output in unspent {
            guard let record = keys.first(where: { $0.address == output.address }) else {
                throw .rejected(reason: "no stored key for sweep address \(output.address)")
            }
            guard let txid = try? Txid(displayHex: output.txid),
                let address = try? Address(string: output.address, network: network),
                let source = try? TransactionOutput(satoshis: output.satoshis, lockingScript: Script(p2pkhPaying: address))
            else { throw .rejected(reason: "the stored output \(output.txid):\(output.vout) is malformed") }
            sources.append(SweepBuilder.Source(
                outpoint: OutPoint(txid: txid, vout: output.vout), output: source, compressed: record.compressed))
            used.append(record)
        }
        let destination = try book.freshReceive()
        do throws(SweepError) {
            let plan = try SweepBuilder(network: network, feeRate: feeRate).plan(
                sweeping: sources, to: destination, lockTimeHeight: UInt32(chain.validatedTipHeight))
            return Prepared(plan: plan, inputs: unspent, sources: sources, keys: used)
        } catch {
            throw .rejected(reason: error.description)
        }
    }

    /// Signs a prepared sweep with the stored keys (compressed and uncompressed, through HFWallet's
    /// `TransactionSigner`) and verifies every input. Writes nothing.
    public func sign(_ prepared: Prepared, vault: SignerVault) throws(SignerError) -> Signed {
        let vault = vault.store
        let network = book.keys.network
        let (plan, sources) = (prepared.plan, prepared.sources)
        var compressedKeys: [PrivateKey] = []
        var uncompressedKeys: [PrivateKey] = []
        for record in prepared.keys {
            let secret: SecureBytes
            do { secret = try vault.read(id: record.vaultID) } catch { throw .vault(error) }
            var raw = secret.bytes
            defer { Zeroization.zeroize(&raw) }
            guard let key = try? PrivateKey(rawRepresentation: raw) else {
                throw .rejected(reason: "the vault item \(record.vaultID) is not a private key")
            }
            if record.compressed { compressedKeys.append(key) } else { uncompressedKeys.append(key) }
        }
        let signed: ExtendedTransaction
        do { signed = try TransactionSigner(keys: compressedKeys, uncompressedKeys: uncompressedKeys).sign(plan.unsigned) }
        catch { throw .rejected(reason: "cannot sign the sweep: \(error)") }
        let transaction = signed.transaction
        let cache = SighashCache(transaction: transaction)
        for index in transaction.inputs.indices
        where !P2PKHVerifier.isValid(input: index, of: cache, sourceOutput: sources[index].output) {
            throw .rejected(reason: "input \(index) does not verify after signing; nothing was kept")
        }
        do {
            let previous = try sources.map { source in
                try PreviousOutput(
                    txid: source.outpoint.txid, vout: source.outpoint.vout, satoshis: source.output.amount,
                    lockingScript: source.output.lockingScript.bytes)
            }
            let bundle = try TransactionBundle(
                network: network, rawTx: transaction.serialized, createdAt: RFC3339Timestamp.now(), inputs: previous)
            return Signed(
                transaction: transaction, bundle: bundle, inputs: prepared.inputs, destination: plan.destination,
                total: plan.total, fee: plan.fee)
        } catch {
            throw .rejected(reason: "cannot build the .hftx: \(error)")
        }
    }

    /// Keeps a signed sweep as pending (its inputs then count as spent) and raises the receive index, in one
    /// store transaction, then writes its `.hftx` to the new file `out`.
    public func commit(_ signed: Signed, out: String, chain: HeaderChain) throws(SignerError) {
        try PendingTransaction.keep(
            signed.transaction, bundle: signed.bundle, usedAddresses: [signed.destination], home: home, book: book,
            chain: chain, out: out)
    }
}
