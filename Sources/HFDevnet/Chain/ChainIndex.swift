import HFPrimitives
import HFSPV

/// An output of a mined transaction that no mined transaction spends yet.
struct UnspentEntry: Hashable, Sendable {
    /// The output.
    let output: TransactionOutput
    /// The height of the block holding it.
    let height: Int
    /// Whether it is a coinbase output (subject to `DevnetChain.coinbaseMaturity`).
    let isCoinbase: Bool
}

/// Where a mined transaction is: block height and position in the block.
struct TransactionLocation: Hashable, Sendable {
    /// The block height.
    let height: Int
    /// The position in the block (0 = coinbase).
    let index: Int
}

/// One input of one transaction: who spends an outpoint.
struct InputReference: Hashable, Sendable {
    /// The spending transaction.
    let txid: Txid
    /// The input's index in it.
    let vin: Int
}

/// The mined chain and its indexes: blocks by height and hash, transactions by txid, the UTXO set, who spent what,
/// and per-locking-script history and unspent outputs. Pure data; `DevnetState` validates before it applies.
struct ChainIndex {
    /// The blocks, genesis at index 0.
    private(set) var blocks: [DevnetBlock]
    /// `blocks[h].hash`, kept to avoid rehashing.
    private(set) var hashes: [BlockHash]
    /// Block heights by hash.
    private(set) var heights: [BlockHash: Int]
    /// The cumulative work up to each height.
    private(set) var chainWork: [UInt256]
    /// Every mined transaction's location.
    private(set) var locations: [Txid: TransactionLocation]
    /// The UTXO set.
    private(set) var unspent: [OutPoint: UnspentEntry]
    /// Mined spends of outputs (spent outputs leave `unspent` and appear here).
    private(set) var spends: [OutPoint: InputReference]
    /// Mined transactions touching each locking script (paying it or spending from it), in chain order.
    private(set) var history: [Script: [Txid]]
    /// The unspent outpoints of each locking script.
    private(set) var unspentByScript: [Script: Set<OutPoint>]

    // MARK: - Initializers

    /// The chain holding only the regtest genesis block (whose coinbase is not spendable).
    init() {
        let genesis = DevnetBlock(header: Checkpoint.regtest.header, transactions: [Coinbase.genesisTransaction])
        blocks = [genesis]
        hashes = [genesis.hash]
        heights = [genesis.hash: 0]
        chainWork = [Self.blockWork(genesis.header)]
        locations = [genesis.txids[0]: TransactionLocation(height: 0, index: 0)]
        unspent = [:]
        spends = [:]
        history = [:]
        unspentByScript = [:]
    }

    // MARK: - Properties

    /// The height of the best block.
    var tipHeight: Int { blocks.count - 1 }

    /// The best block's header.
    var tipHeader: BlockHeader { blocks[tipHeight].header }

    // MARK: - Methods

    /// The median time of the up to 11 blocks ending at `height` (Bitcoin's median time past).
    func medianTimePast(endingAt height: Int) -> UInt32 {
        let times = blocks[max(0, height - 10)...height].map(\.header.time).sorted()
        return times[times.count / 2]
    }

    /// Whether `block` can extend the chain: it links to the tip, its merkle root matches, the coinbase comes first
    /// and only there and pays no more than subsidy plus fees, and every other transaction spends existing unspent
    /// outputs (earlier in the block allowed), each once, without creating value. Headers (proof of work, bits, time)
    /// are `HeaderChain`'s business; scripts were checked when the transactions entered the mempool.
    func canExtend(with block: DevnetBlock) -> Bool {
        guard block.header.previousBlockHash == hashes[tipHeight], !block.transactions.isEmpty,
            Set(block.txids).count == block.txids.count,
            (try? MerkleTree.root(of: block.txids)) == block.header.merkleRoot,
            Coinbase.isCoinbase(block.transactions[0])
        else { return false }
        let height = tipHeight + 1
        var created: [OutPoint: TransactionOutput] = [:]
        var consumed = Set<OutPoint>()
        var fees: UInt64 = 0
        for (position, transaction) in block.transactions.enumerated() {
            let txid = block.txids[position]
            guard locations[txid] == nil else { return false }
            if position > 0 {
                guard !Coinbase.isCoinbase(transaction) else { return false }
                var inputs: UInt64 = 0
                for input in transaction.inputs {
                    let outpoint = input.previousOutput
                    guard consumed.insert(outpoint).inserted else { return false }
                    if let entry = unspent[outpoint] {
                        if entry.isCoinbase, height - entry.height < DevnetChain.coinbaseMaturity { return false }
                        inputs += entry.output.satoshis
                    } else if let output = created[outpoint] {
                        inputs += output.satoshis
                    } else {
                        return false
                    }
                }
                guard inputs >= transaction.totalOutputSatoshis else { return false }
                fees += inputs - transaction.totalOutputSatoshis
            }
            for (vout, output) in transaction.outputs.enumerated() {
                created[OutPoint(txid: txid, vout: UInt32(vout))] = output
            }
        }
        return block.transactions[0].totalOutputSatoshis <= Coinbase.subsidy(atHeight: height) + fees
    }

    /// Adds `block` at the tip, updating every index.
    /// - Precondition: `canExtend(with: block)`.
    mutating func append(_ block: DevnetBlock) {
        let height = tipHeight + 1
        for (position, transaction) in block.transactions.enumerated() {
            let txid = block.txids[position]
            var touched: [Script] = []
            if position > 0 {
                for (vin, input) in transaction.inputs.enumerated() {
                    let outpoint = input.previousOutput
                    guard let entry = unspent.removeValue(forKey: outpoint) else {
                        preconditionFailure("ChainIndex.append: block was not checked with canExtend")
                    }
                    let script = entry.output.lockingScript
                    unspentByScript[script]?.remove(outpoint)
                    if unspentByScript[script]?.isEmpty == true { unspentByScript[script] = nil }
                    spends[outpoint] = InputReference(txid: txid, vin: vin)
                    touched.append(script)
                }
            }
            for (vout, output) in transaction.outputs.enumerated() {
                let outpoint = OutPoint(txid: txid, vout: UInt32(vout))
                unspent[outpoint] = UnspentEntry(output: output, height: height, isCoinbase: position == 0)
                unspentByScript[output.lockingScript, default: []].insert(outpoint)
                touched.append(output.lockingScript)
            }
            var seen = Set<Script>()
            for script in touched where seen.insert(script).inserted {
                history[script, default: []].append(txid)
            }
            locations[txid] = TransactionLocation(height: height, index: position)
        }
        blocks.append(block)
        hashes.append(block.hash)
        heights[block.hash] = height
        chainWork.append(chainWork[height - 1] + Self.blockWork(block.header))
    }

    /// The chain up to `height` (genesis and blocks 1…`height`), its indexes rebuilt by appending those blocks
    /// again: linear in `height`, which a devnet can afford (it is how a reorganisation disconnects blocks).
    /// - Precondition: `0 ≤ height ≤ tipHeight`.
    func prefix(through height: Int) -> ChainIndex {
        precondition((0...tipHeight).contains(height), "ChainIndex.prefix: height outside the chain")
        var chain = ChainIndex()
        for block in blocks.dropFirst().prefix(height) { chain.append(block) }
        return chain
    }

    /// The work of one header (2 for regtest's bits 0x207fffff).
    static func blockWork(_ header: BlockHeader) -> UInt256 {
        (try? header.work) ?? .zero
    }
}
