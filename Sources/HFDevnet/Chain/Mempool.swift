public import HFPrimitives
import HFSPV
import HFWallet

/// The transactions accepted since the last block, in acceptance order (so a parent always precedes its children).
///
/// A transaction is accepted only if, in this order (the first failure is the verdict, see `MempoolRejection`): it is
/// not 64 bytes (`InclusionProofCheck`) and at most `maxTxSizePolicy` bytes; every output carries at least 1 satoshi
/// unless it is a data output (`OP_RETURN` / `OP_FALSE OP_RETURN`), data outputs carry none, and no locking script
/// exceeds `maxScriptSizePolicy`; no input names the coinbase outpoint or repeats an outpoint; every input spends an
/// output that exists and is unspent, in the chain or in the mempool, that no mempool transaction spends, and that, if
/// a coinbase output, has `DevnetChain.coinbaseMaturity` confirmations at the next block; extended-format source
/// outputs equal the outputs spent; outputs ≤ inputs; the fee meets `DevnetPolicy.minimumFee(forSize:)`; every spent
/// output is P2PKH and every input verifies with `P2PKHVerifier` (strict DER, low-S, FORKID). Known txids are handled
/// before, by the chain. A value type: `DevnetChain.mempool` hands out snapshots.
public struct Mempool: Sendable {
    /// One accepted transaction.
    struct Entry: Sendable {
        /// The transaction.
        let transaction: Transaction
        /// Its fee in satoshis.
        let fee: UInt64
        /// The outputs it spends, in input order.
        let sourceOutputs: [TransactionOutput]
    }

    /// The entries by txid.
    private var entries: [Txid: Entry] = [:]
    /// The txids in acceptance order.
    public private(set) var txids: [Txid] = []
    /// The outpoints that mempool transactions spend, and by which input.
    private var spends: [OutPoint: InputReference] = [:]

    // MARK: - Initializers

    /// An empty mempool.
    init() {}

    // MARK: - Properties

    /// The number of transactions.
    public var count: Int { txids.count }

    /// Whether the mempool is empty.
    public var isEmpty: Bool { txids.isEmpty }

    /// The transactions in acceptance order.
    public var transactions: [Transaction] { txids.compactMap { entries[$0]?.transaction } }

    /// The sum of the fees, in satoshis.
    public var totalFees: UInt64 { entries.values.reduce(0) { $0 + $1.fee } }

    // MARK: - Reading

    /// Whether `txid` is in the mempool.
    public func contains(_ txid: Txid) -> Bool { entries[txid] != nil }

    /// The mempool transaction `txid`.
    public func transaction(_ txid: Txid) -> Transaction? { entries[txid]?.transaction }

    /// The fee of mempool transaction `txid`, in satoshis.
    public func fee(of txid: Txid) -> UInt64? { entries[txid]?.fee }

    /// The output at `outpoint` if a mempool transaction created it (spent or not).
    func output(at outpoint: OutPoint) -> TransactionOutput? {
        guard let entry = entries[outpoint.txid], outpoint.vout < entry.transaction.outputs.count else { return nil }
        return entry.transaction.outputs[Int(outpoint.vout)]
    }

    /// The mempool input spending `outpoint`, if any.
    func spender(of outpoint: OutPoint) -> InputReference? { spends[outpoint] }

    /// The outputs mempool transaction `txid` spends.
    func sourceOutputs(of txid: Txid) -> [TransactionOutput]? { entries[txid]?.sourceOutputs }

    // MARK: - Mutating

    /// Checks `transaction` against `chain` and the mempool, and accepts it.
    ///
    /// - Parameters:
    ///   - transaction: the transaction, not yet known to the chain or the mempool.
    ///   - declaredSources: the source outputs an extended-format submission carried, or nil.
    ///   - chain: the mined chain.
    ///   - policy: the fee and size policy.
    /// - Throws: the first `MempoolRejection` (see the type's documentation); nothing changes then.
    mutating func accept(
        _ transaction: Transaction, declaredSources: [TransactionOutput]?, chain: ChainIndex, policy: DevnetPolicy
    ) throws(MempoolRejection) {
        let size = transaction.size
        guard size != InclusionProofCheck.refusedTransactionLength else {
            throw .sixtyFourByteTransaction
        }
        guard size <= policy.maxTxSizePolicy else { throw .tooLarge(size: size, limit: policy.maxTxSizePolicy) }
        for (index, output) in transaction.outputs.enumerated() {
            let script = output.lockingScript
            let valid =
                script.count <= policy.maxScriptSizePolicy
                && (script.isDataOutput ? output.satoshis == 0 : output.satoshis > 0)
            guard valid else { throw .invalidOutput(output: index) }
        }
        let sources = try sourceOutputs(for: transaction, chain: chain)
        if let declaredSources {
            for (index, declared) in declaredSources.enumerated() where declared != sources[index] {
                throw .sourceOutputMismatch(input: index)
            }
        }
        let inputSatoshis = sources.reduce(0) { $0 + $1.satoshis }
        let outputSatoshis = transaction.totalOutputSatoshis
        guard outputSatoshis <= inputSatoshis else {
            throw .outputsExceedInputs(inputSatoshis: inputSatoshis, outputSatoshis: outputSatoshis)
        }
        let fee = inputSatoshis - outputSatoshis
        let minimum = policy.minimumFee(forSize: size)
        guard fee >= minimum else { throw .feeTooLow(fee: fee, minimum: minimum) }
        let cache = SighashCache(transaction: transaction)
        for (index, source) in sources.enumerated() {
            guard source.lockingScript.isP2PKH else { throw .nonP2PKHInput(input: index) }
            do {
                try P2PKHVerifier.verify(input: index, of: cache, sourceOutput: source)
            } catch {
                throw .invalidUnlockingScript(input: index, reason: error)
            }
        }
        let txid = transaction.txid
        entries[txid] = Entry(transaction: transaction, fee: fee, sourceOutputs: sources)
        txids.append(txid)
        for (vin, input) in transaction.inputs.enumerated() {
            spends[input.previousOutput] = InputReference(txid: txid, vin: vin)
        }
    }

    /// The mempool as it stands on `chain` (after a reorganisation): every transaction accepted again, in
    /// acceptance order, against `chain` and those kept before it; the ones refused are `evicted`.
    func revalidated(against chain: ChainIndex, policy: DevnetPolicy) -> (kept: Mempool, evicted: [Txid]) {
        var kept = Mempool()
        var evicted: [Txid] = []
        for txid in txids {
            guard let entry = entries[txid] else { continue }
            do {
                try kept.accept(entry.transaction, declaredSources: nil, chain: chain, policy: policy)
            } catch {
                evicted.append(txid)
            }
        }
        return (kept, evicted)
    }

    /// Empties the mempool (after its transactions were mined).
    mutating func removeAll() {
        entries = [:]
        txids = []
        spends = [:]
    }

    /// The output each input spends, with the input checks of the type's documentation.
    private func sourceOutputs(
        for transaction: Transaction, chain: ChainIndex
    ) throws(MempoolRejection) -> [TransactionOutput] {
        var seen = Set<OutPoint>()
        var sources: [TransactionOutput] = []
        sources.reserveCapacity(transaction.inputs.count)
        let nextHeight = chain.tipHeight + 1
        for (index, input) in transaction.inputs.enumerated() {
            let outpoint = input.previousOutput
            guard outpoint.txid != Coinbase.nullOutPoint.txid else { throw .coinbaseInput(input: index) }
            guard seen.insert(outpoint).inserted else { throw .duplicateInput(input: index, outpoint: outpoint) }
            if let competing = spends[outpoint] {
                throw .conflictsWithMempool(input: index, outpoint: outpoint, competingTxid: competing.txid)
            }
            if let entry = chain.unspent[outpoint] {
                let confirmations = nextHeight - entry.height
                if entry.isCoinbase, confirmations < DevnetChain.coinbaseMaturity {
                    throw .immatureCoinbase(
                        input: index, outpoint: outpoint, confirmations: confirmations,
                        required: DevnetChain.coinbaseMaturity)
                }
                sources.append(entry.output)
            } else if let output = output(at: outpoint) {
                sources.append(output)
            } else if let spender = chain.spends[outpoint] {
                throw .inputSpentInBlock(input: index, outpoint: outpoint, spentBy: spender.txid)
            } else {
                throw .missingInput(input: index, outpoint: outpoint)
            }
        }
        return sources
    }
}
