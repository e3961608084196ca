public import HFPrimitives

/// The signer's SPV header chain: the checkpoint, the headers validated above it, and nothing else.
///
/// Its state is private and changes only through four named mutators (DESIGN §2): `commitValidatedRun`,
/// `recordDisplayHeader` (display only; never advances the trusted tip), `bootstrapFromPersistence` and
/// `resetToCheckpoint`. Every mutator changes memory only after the storage has durably accepted the change, so a
/// failure leaves both as they were. Not thread-safe: one owner at a time.
public final class HeaderChain {
    /// The deepest reorganisation accepted, in headers below the tip.
    public static let maximumReorgDepth = 144

    /// The trust anchor.
    public let checkpoint: Checkpoint
    private let storage: (any HeaderChainStorage)?
    private var chain: ChainSegment
    private var displayHeaders: [Int: BlockHeader] = [:]

    /// Opens the chain of `checkpoint`, loading what `storage` holds (see `bootstrapFromPersistence`).
    ///
    /// - Parameter storage: where validated headers persist; nil keeps the chain in memory only.
    /// - Throws: `HeaderChainError.storageFailed` when the storage cannot be read.
    public init(checkpoint: Checkpoint, storage: (any HeaderChainStorage)? = nil) throws(HeaderChainError) {
        self.checkpoint = checkpoint
        self.storage = storage
        chain = Self.seed(checkpoint)
        if storage != nil { try bootstrapFromPersistence() }
    }

    // MARK: - Reading

    /// The network of the chain.
    public var network: Network { checkpoint.network }

    /// The highest header that chain-links to the checkpoint.
    public var validatedTipHeight: Int { chain.tipHeight }

    /// The hash of the header at `validatedTipHeight`.
    public var validatedTipHash: BlockHash { chain.hash(at: chain.tipHeight) }

    /// The header at `height`, only inside `[checkpoint.height, validatedTipHeight]`; nil elsewhere.
    public func header(at height: Int) -> BlockHeader? {
        guard height >= checkpoint.height, height <= chain.tipHeight else { return nil }
        return chain.header(at: height)
    }

    /// The hash of the header at `height`, only inside `[checkpoint.height, validatedTipHeight]`.
    public func hash(at height: Int) -> BlockHash? {
        guard height >= checkpoint.height, height <= chain.tipHeight else { return nil }
        return chain.hash(at: height)
    }

    /// A header recorded for display only (never trusted, never part of the chain).
    public func displayHeader(at height: Int) -> BlockHeader? { displayHeaders[height] }

    // MARK: - Mutators

    /// Validates a run of consecutive headers starting at `startHeight` and commits it.
    ///
    /// The run must be anchored: the local header at `startHeight − 1` must be the first header's parent. Headers
    /// equal to stored ones at the same heights are skipped (not a branch). If the run then departs from the local
    /// chain below the tip, it is a competing branch: it replaces the local suffix only if its cumulative work is
    /// greater and the fork is at most `maximumReorgDepth` below the tip.
    ///
    /// - Returns: what changed (possibly nothing).
    /// - Throws: `HeaderChainError.rejected` naming the check and height; `.storageFailed`. Nothing changes on throw.
    @discardableResult
    public func commitValidatedRun(
        startHeight: Int, headers run: [BlockHeader]
    ) throws(HeaderChainError) -> HeaderCommit {
        guard !run.isEmpty else { throw .rejected(.emptyRun) }
        guard startHeight > checkpoint.height else {
            throw .rejected(.beforeCheckpoint(startHeight: startHeight, checkpointHeight: checkpoint.height))
        }
        let tip = chain.tipHeight
        guard startHeight - 1 <= tip else {
            throw .rejected(.notAnchored(startHeight: startHeight, validatedTipHeight: tip))
        }
        let records = run.map(\.serialized)
        let hashes = records.map(BlockHash.init(hashing:))
        var skip = 0
        while skip < run.count, startHeight + skip <= tip, hashes[skip] == chain.hash(at: startHeight + skip) {
            skip += 1
        }
        if skip == run.count { return HeaderCommit(added: 0, replaced: 0, validatedTipHeightBefore: tip, validatedTipHeight: tip) }
        let forkHeight = startHeight + skip - 1
        let depth = tip - forkHeight
        guard depth <= Self.maximumReorgDepth else {
            throw .rejected(.reorgTooDeep(forkHeight: forkHeight, depth: depth))
        }
        var candidate = chain
        candidate.truncate(above: forkHeight)
        var cache = WorkCache()
        candidate.reserveCapacity(forAdding: run.count - skip)
        for offset in skip..<run.count {
            let height = startHeight + offset
            do {
                let work = try HeaderValidator.validate(
                    run[offset], hash: hashes[offset], height: height, network: network, ancestry: candidate,
                    workCache: &cache)
                candidate.append(run[offset], hash: hashes[offset], work: work)
            } catch {
                throw .rejected(error)
            }
        }
        if depth > 0, candidate.chainWork(at: candidate.tipHeight) <= chain.chainWork(at: tip) {
            throw .rejected(.staleBranch(forkHeight: forkHeight))
        }
        do {
            try storage?.replaceRecords(from: forkHeight - checkpoint.height, with: Array(records[skip...]))
        } catch {
            throw .storageFailed(reason: "\(error)")
        }
        chain = candidate
        return HeaderCommit(
            added: run.count - skip, replaced: depth, validatedTipHeightBefore: tip, validatedTipHeight: chain.tipHeight)
    }

    /// Records a header for display (e.g. the watcher's latest view) without trusting it or moving the tip.
    public func recordDisplayHeader(_ header: BlockHeader, height: Int) {
        displayHeaders = [height: header]
    }

    /// Reloads the chain from storage, re-validating every record; records from the first invalid one onward are
    /// removed from storage (they can be imported again).
    ///
    /// - Returns: the number of records dropped.
    /// - Throws: `HeaderChainError.storageFailed`; the in-memory chain is then the checkpoint alone.
    @discardableResult
    public func bootstrapFromPersistence() throws(HeaderChainError) -> Int {
        chain = Self.seed(checkpoint)
        guard let storage else { return 0 }
        let records: [[UInt8]]
        do { records = try storage.loadRecords() } catch { throw .storageFailed(reason: "\(error)") }
        var loaded = Self.seed(checkpoint)
        var cache = WorkCache()
        var valid = 0
        for record in records {
            guard let header = try? BlockHeader(bytes: record) else { break }
            let hash = header.hash
            let height = loaded.tipHeight + 1
            guard let work = try? HeaderValidator.validate(
                header, hash: hash, height: height, network: network, ancestry: loaded, workCache: &cache)
            else { break }
            loaded.append(header, hash: hash, work: work)
            valid += 1
        }
        if valid < records.count {
            do { try storage.replaceRecords(from: valid, with: []) } catch {
                throw .storageFailed(reason: "\(error)")
            }
        }
        chain = loaded
        return records.count - valid
    }

    /// Forgets every header above the checkpoint, in storage and memory.
    ///
    /// - Throws: `HeaderChainError.storageFailed`; nothing changes then.
    public func resetToCheckpoint() throws(HeaderChainError) {
        do { try storage?.reset() } catch { throw .storageFailed(reason: "\(error)") }
        chain = Self.seed(checkpoint)
        displayHeaders = [:]
    }

    // MARK: - Private

    private static func seed(_ checkpoint: Checkpoint) -> ChainSegment {
        var segment = ChainSegment(lowestHeight: checkpoint.firstContextHeight)
        for header in checkpoint.headers {
            segment.append(header, hash: header.hash, work: (try? header.work) ?? .zero)
        }
        return segment
    }
}
