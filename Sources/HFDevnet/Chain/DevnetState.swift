import HFPrimitives
import HFSPV

/// The open files of a state directory.
final class DevnetStorage {
    /// The locked directory.
    let directory: StateDirectory
    /// `blocks.dat`.
    let blocks: RecordFile
    /// `mempool.dat`.
    let mempool: RecordFile

    /// The files of `directory`.
    init(directory: StateDirectory, blocks: RecordFile, mempool: RecordFile) {
        self.directory = directory
        self.blocks = blocks
        self.mempool = mempool
    }

    /// Closes the files and releases the directory lock.
    func close() {
        blocks.close()
        mempool.close()
        directory.close()
    }
}

/// Everything `DevnetChain` guards with its lock: the mined chain, the mempool, a `HeaderChain` mirror that every
/// new header must pass, and the files. Every mutation persists first and changes memory only on success.
struct DevnetState {
    /// The mined chain and its indexes.
    var index = ChainIndex()
    /// The mempool.
    var mempool = Mempool()
    /// The same headers in an SPV header chain (regtest checkpoint): the validator of record.
    var headers: HeaderChain
    /// The state directory's files; nil for an in-memory devnet.
    let storage: DevnetStorage?
    /// The relay policy.
    let policy: DevnetPolicy
    /// Set by `close()`: mutations then throw `DevnetError.closed`.
    var isClosed = false

    // MARK: - Initializers

    /// A devnet holding only genesis.
    init(storage: DevnetStorage?, policy: DevnetPolicy) {
        self.storage = storage
        self.policy = policy
        headers = Self.newHeaderChain()
    }

    /// Opens the files of `directory` and replays them: blocks up to the first one that does not validate (the
    /// rest are cut off), then the mempool records that are still acceptable (the file is rewritten if any was not).
    static func open(
        directory: StateDirectory, policy: DevnetPolicy, createdKey: Bool
    ) throws(DevnetError) -> (DevnetState, DevnetOpenReport) {
        RecordFile.removeStaleReplacement(of: directory.blocksPath)
        RecordFile.removeStaleReplacement(of: directory.mempoolPath)
        let (blockFile, records, tornBlockBytes) = try RecordFile.open(
            path: directory.blocksPath, magic: StateDirectory.blocksMagic)
        let (mempoolFile, mempoolRecords, tornMempoolBytes) = try RecordFile.open(
            path: directory.mempoolPath, magic: StateDirectory.mempoolMagic)
        let storage = DevnetStorage(directory: directory, blocks: blockFile, mempool: mempoolFile)
        var state = DevnetState(storage: storage, policy: policy)
        var blocks: [DevnetBlock] = []
        for record in records {
            guard let block = DevnetBlock(storageBytes: record) else { break }
            blocks.append(block)
        }
        let validHeaders = state.commitHeadersForReplay(blocks.map(\.header))
        for block in blocks.prefix(validHeaders) {
            guard state.index.canExtend(with: block) else { break }
            state.index.append(block)
        }
        let loaded = state.index.tipHeight
        if loaded < validHeaders { state.rebuildHeaders() }
        if loaded < records.count { try blockFile.truncate(toCount: loaded) }
        var accepted: [[UInt8]] = []
        for record in mempoolRecords {
            guard let transaction = try? Transaction(bytes: record), !state.isKnown(transaction.txid),
                (try? state.mempool.accept(transaction, declaredSources: nil, chain: state.index, policy: policy))
                    != nil
            else { continue }
            accepted.append(record)
        }
        let mempoolDropped = mempoolRecords.count - accepted.count + (tornMempoolBytes > 0 ? 1 : 0)
        if accepted.count < mempoolRecords.count {
            try mempoolFile.truncate(toCount: 0)
            try mempoolFile.append(accepted)
        }
        let report = DevnetOpenReport(
            blocksLoaded: loaded, blockBytesDropped: tornBlockBytes, blocksDropped: records.count - loaded,
            mempoolTransactionsLoaded: accepted.count, mempoolTransactionsDropped: mempoolDropped,
            createdKey: createdKey)
        return (state, report)
    }

    // MARK: - Mutators

    /// Mines `count` blocks on the tip, the first holding every mempool transaction, each coinbase paying
    /// `lockingScript` the subsidy (plus the fees, in the first).
    ///
    /// Each header has version 0x20000000, bits 0x207fffff, time `max(previous + 1, now, median time past + 1)`
    /// (strictly increasing, so always above the median of the previous 11), and a nonce ground until the hash meets
    /// the target. The run must pass `HeaderChain.commitValidatedRun`; it is then appended to `blocks.dat` and synced
    /// (one sync per call), and only then applied in memory.
    /// - Throws: `DevnetError.closed`, `.invalidBlockCount`, `.storage`, `.internalInconsistency`.
    mutating func mine(count: Int, lockingScript: Script, now: UInt32) throws(DevnetError) -> [DevnetBlock] {
        guard !isClosed else { throw .closed }
        guard (1...DevnetChain.maxBlocksPerCall).contains(count) else { throw .invalidBlockCount(count) }
        let firstHeight = index.tipHeight + 1
        let blocks = Self.makeBlocks(
            on: index, count: count, including: mempool.transactions, fees: mempool.totalFees,
            lockingScript: lockingScript, now: now)
        guard index.canExtend(with: blocks[0]) else {
            throw .internalInconsistency("the mempool's transactions do not form a valid block")
        }
        do {
            try headers.commitValidatedRun(startHeight: firstHeight, headers: blocks.map(\.header))
        } catch {
            throw .internalInconsistency("a mined header was rejected by the header chain: \(error)")
        }
        if let storage {
            do {
                try storage.blocks.append(blocks.map(\.storageBytes))
            } catch {
                rebuildHeaders()
                throw error
            }
        }
        for block in blocks { index.append(block) }
        mempool.removeAll()
        // A failure here leaves stale records, which the next open drops as already mined.
        try? storage?.mempool.truncate(toCount: 0)
        return blocks
    }

    /// Submits a transaction: "already known" if mined or in the mempool, else the mempool's verdict; an accepted
    /// transaction is appended to `mempool.dat` and synced before it counts.
    /// - Throws: `DevnetError.closed` or `.storage` (the mempool is then unchanged).
    mutating func submit(
        _ transaction: Transaction, declaredSources: [TransactionOutput]?
    ) throws(DevnetError) -> Result<DevnetSubmission, MempoolRejection> {
        guard !isClosed else { throw .closed }
        let txid = transaction.txid
        if let known = submission(for: txid, alreadyKnown: true) { return .success(known) }
        if declaredSources == nil, !policy.standardFormatSupported { return .failure(.notExtendedFormat) }
        let before = mempool
        do {
            try mempool.accept(transaction, declaredSources: declaredSources, chain: index, policy: policy)
        } catch {
            return .failure(error)
        }
        if let storage {
            do {
                try storage.mempool.append([transaction.serialized])
            } catch {
                mempool = before
                throw error
            }
        }
        return .success(
            DevnetSubmission(
                txid: txid, txStatus: .seenOnNetwork, confirmation: nil, merklePath: nil, alreadyKnown: false))
    }

    /// Closes the files; the state stays readable in memory.
    mutating func close() {
        storage?.close()
        isClosed = true
    }

    // MARK: - Helpers

    /// Whether `txid` is mined or in the mempool.
    func isKnown(_ txid: Txid) -> Bool {
        index.locations[txid] != nil || mempool.contains(txid)
    }

    /// Replaces the header mirror with one rebuilt from the mined chain (after a failed write or replay).
    mutating func rebuildHeaders() {
        let chain = Self.newHeaderChain()
        let run = index.blocks.dropFirst().map(\.header)
        if !run.isEmpty { _ = try? chain.commitValidatedRun(startHeight: 1, headers: Array(run)) }
        headers = chain
    }

    /// Commits replayed headers from height 1; returns how many, from the start, validated.
    private mutating func commitHeadersForReplay(_ run: [BlockHeader]) -> Int {
        guard !run.isEmpty else { return 0 }
        do {
            try headers.commitValidatedRun(startHeight: 1, headers: run)
            return run.count
        } catch {
            guard case .rejected(let rejection) = error, let height = rejection.height, height > 1 else { return 0 }
            let prefix = Array(run[0..<(height - 1)])
            return (try? headers.commitValidatedRun(startHeight: 1, headers: prefix)) != nil ? prefix.count : 0
        }
    }

    /// Mines `count` blocks on `chain`'s tip: the first holds `included` after its coinbase (which pays the subsidy
    /// plus `fees`), the others only their coinbases; every coinbase pays `lockingScript` and pushes `branch` (see
    /// `Coinbase`). Headers as `mine` documents them. Nothing is checked or applied here.
    static func makeBlocks(
        on chain: ChainIndex, count: Int, including included: [Transaction], fees: UInt64, lockingScript: Script,
        now: UInt32, branch: [UInt8] = []
    ) -> [DevnetBlock] {
        let firstHeight = chain.tipHeight + 1
        var recentTimes = chain.blocks.suffix(11).map(\.header.time)
        var previous = chain.tipHeader
        var blocks: [DevnetBlock] = []
        blocks.reserveCapacity(count)
        for offset in 0..<count {
            let height = firstHeight + offset
            let coinbase = Coinbase.transaction(
                height: height, satoshis: Coinbase.subsidy(atHeight: height) + (offset == 0 ? fees : 0),
                lockingScript: lockingScript, branch: branch)
            let transactions = [coinbase] + (offset == 0 ? included : [])
            let root = DevnetBlock.merkleRoot(of: transactions)
            let median = recentTimes.sorted()[recentTimes.count / 2]
            let time = max(previous.time.addingSaturating(1), now, median.addingSaturating(1))
            let header = BlockMiner.mine(previous: previous.hash, merkleRoot: root, time: time)
            blocks.append(DevnetBlock(header: header, transactions: transactions))
            recentTimes.append(header.time)
            if recentTimes.count > 11 { recentTimes.removeFirst() }
            previous = header
        }
        return blocks
    }

    /// An empty regtest header chain (in memory, so it cannot fail).
    static func newHeaderChain() -> HeaderChain {
        do {
            return try HeaderChain(checkpoint: .regtest)
        } catch {
            preconditionFailure("an in-memory header chain opens: \(error)")
        }
    }
}

extension HeaderRejection {
    /// The height of the offending header, where the rejection names one.
    fileprivate var height: Int? {
        switch self {
        case .doesNotLink(let height), .invalidBits(let height), .insufficientProofOfWork(let height),
            .wrongBits(let height, _, _), .timeNotAfterMedian(let height, _, _),
            .difficultyRuleUnavailable(let height):
            height
        default: nil
        }
    }
}

extension UInt32 {
    /// `self + value`, or `UInt32.max` on overflow.
    fileprivate func addingSaturating(_ value: UInt32) -> UInt32 {
        let (sum, overflow) = addingReportingOverflow(value)
        return overflow ? .max : sum
    }
}
