public import HFPrimitives

/// The signer's SPV header chain: the checkpoint, the headers validated above it, and nothing else.
///
/// Its state is private and changes only through four named mutators (docs/design.md §2): `commitValidatedRun`,
/// `recordDisplayHeader` (display only; never advances the trusted tip), `bootstrapFromPersistence` and
/// `resetToCheckpoint`. Every mutator changes memory only after the storage has durably accepted the change, so a
/// failure leaves both as they were. Not thread-safe: one owner at a time.
///
/// **Memory and opening (docs/design.md §7).** A header is validated once, when it is committed. With storage, the chain
/// keeps in memory only the last ``retainedHeaders`` headers up to the tip (the context the difficulty and time
/// rules read below the next header); opening reads the record count and those records, never the whole chain, so
/// it costs the same at ten thousand stored headers as at a million. Older headers are read from the storage by
/// offset when asked for (``header(at:)``, ``hash(at:)``, inclusion checks, overlapping runs, and the extra context
/// a reorganisation up to ``maximumReorgDepth`` deep needs). Without storage every header stays in memory.
public final class HeaderChain {
    /// The deepest reorganisation accepted, in headers below the tip.
    public static let maximumReorgDepth = 144
    /// Headers kept in memory up to the tip when the chain has storage: the 147 that the 144-block rule reads
    /// below a new header (the median-time rule reads 11 of them).
    public static let retainedHeaders = CashWorkRule.contextNeeded

    /// The size of a stored record: one serialized header.
    private static let recordSize = 80

    /// The trust anchor.
    public let checkpoint: Checkpoint
    private let storage: (any HeaderChainStorage)?
    /// The last headers up to the validated tip (with storage: at most `retainedHeaders` of them, or down to the
    /// checkpoint's context; without: every header from the checkpoint's context up).
    private var window: ChainSegment
    private var displayHeaders: [Int: BlockHeader] = [:]

    /// Opens the chain of `checkpoint`, loading what `storage` holds (see `bootstrapFromPersistence`).
    ///
    /// - Parameter storage: where validated headers persist; nil keeps the chain in memory only.
    /// - Throws: `HeaderChainError.storageFailed` when the storage cannot be read.
    public init(checkpoint: Checkpoint, storage: (any HeaderChainStorage)? = nil) throws(HeaderChainError) {
        self.checkpoint = checkpoint
        self.storage = storage
        window = Self.seed(checkpoint)
        if storage != nil { try bootstrapFromPersistence() }
    }

    // MARK: - Reading

    /// The network of the chain.
    public var network: Network { checkpoint.network }

    /// The highest header that chain-links to the checkpoint.
    public var validatedTipHeight: Int { window.tipHeight }

    /// The hash of the header at `validatedTipHeight`.
    public var validatedTipHash: BlockHash { window.hash(at: window.tipHeight) }

    /// How many headers the chain holds in memory (the rules' context; every header when it has no storage).
    public var headersInMemory: Int { window.headers.count }

    /// The header at `height`, only inside `[checkpoint.height, validatedTipHeight]`; nil elsewhere. A header
    /// older than the ones kept in memory is read from the storage (nil, too, if that read fails: see
    /// ``storedHeader(at:)``).
    public func header(at height: Int) -> BlockHeader? {
        try? storedHeader(at: height)
    }

    /// The hash of the header at `height`, only inside `[checkpoint.height, validatedTipHeight]`.
    public func hash(at height: Int) -> BlockHash? {
        guard height >= checkpoint.height, height <= window.tipHeight else { return nil }
        if window.contains(height) { return window.hash(at: height) }
        return header(at: height)?.hash
    }

    /// The header at `height` as ``header(at:)``, reporting a failed read of the storage instead of answering nil.
    ///
    /// - Returns: nil outside `[checkpoint.height, validatedTipHeight]`.
    /// - Throws: `HeaderChainError.storageFailed`.
    public func storedHeader(at height: Int) throws(HeaderChainError) -> BlockHeader? {
        guard height >= checkpoint.height, height <= window.tipHeight else { return nil }
        if window.contains(height) { return window.header(at: height) }
        if height == checkpoint.height { return checkpoint.header }
        return try readStored(from: height, count: 1)[0]
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
    /// - Throws: `HeaderChainError.rejected` naming the check and height: nothing changes. `.storageFailed`: the
    ///   chain then holds what the storage holds (the old headers, or the new ones if the store failed after making
    ///   them durable).
    @discardableResult
    public func commitValidatedRun(
        startHeight: Int, headers run: [BlockHeader]
    ) throws(HeaderChainError) -> HeaderCommit {
        guard !run.isEmpty else { throw .rejected(.emptyRun) }
        guard startHeight > checkpoint.height else {
            throw .rejected(.beforeCheckpoint(startHeight: startHeight, checkpointHeight: checkpoint.height))
        }
        let tip = window.tipHeight
        guard startHeight - 1 <= tip else {
            throw .rejected(.notAnchored(startHeight: startHeight, validatedTipHeight: tip))
        }
        let records = run.map(\.serialized)
        let hashes = records.map(BlockHash.init(hashing:))
        let skip = try overlap(startHeight: startHeight, records: records, hashes: hashes)
        if skip == run.count { return HeaderCommit(added: 0, replaced: 0, validatedTipHeightBefore: tip, validatedTipHeight: tip) }
        let forkHeight = startHeight + skip - 1
        let depth = tip - forkHeight
        guard depth <= Self.maximumReorgDepth else {
            throw .rejected(.reorgTooDeep(forkHeight: forkHeight, depth: depth))
        }
        var candidate = try ancestry(from: contextLowestHeight(below: forkHeight + 1), through: forkHeight)
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
        // Cumulative work has a different base in each segment: compare the work above the fork.
        if depth > 0,
            candidate.chainWork(at: candidate.tipHeight) - candidate.chainWork(at: forkHeight)
                <= (try localWork(above: forkHeight))
        {
            throw .rejected(.staleBranch(forkHeight: forkHeight))
        }
        do {
            try storage?.replaceRecords(from: forkHeight - checkpoint.height, with: Array(records[skip...]))
        } catch {
            // A store may fail after its change became durable (it then holds the old records or the new ones):
            // follow what it holds when it can still be read, so memory and storage never disagree.
            if let (reloaded, _) = try? loadWindow() { window = reloaded }
            throw .storageFailed(reason: "\(error)")
        }
        window = retained(candidate)
        return HeaderCommit(
            added: run.count - skip, replaced: depth, validatedTipHeightBefore: tip,
            validatedTipHeight: window.tipHeight)
    }

    /// Records a header for display (e.g. the watcher's latest view) without trusting it or moving the tip.
    public func recordDisplayHeader(_ header: BlockHeader, height: Int) {
        displayHeaders = [height: header]
    }

    /// Reloads the chain from storage in time independent of its length: the record count gives the tip, and only
    /// the last `retainedHeaders` records are read. Every stored record was validated when it was committed, so
    /// they are not validated again (whoever can rewrite the file can rewrite the recorded tip as well); the records
    /// read are checked to link, and from the first one that does not, the records are removed from storage (they
    /// can be imported again).
    ///
    /// - Returns: the number of records dropped.
    /// - Throws: `HeaderChainError.storageFailed`; the in-memory chain is then the checkpoint alone.
    @discardableResult
    public func bootstrapFromPersistence() throws(HeaderChainError) -> Int {
        window = Self.seed(checkpoint)
        guard let storage else { return 0 }
        let (loaded, dropped) = try loadWindow()
        if dropped > 0 {
            do { try storage.replaceRecords(from: loaded.tipHeight - checkpoint.height, with: []) } catch {
                throw .storageFailed(reason: "\(error)")
            }
        }
        window = loaded
        return dropped
    }

    /// Forgets every header above the checkpoint, in storage and memory.
    ///
    /// - Throws: `HeaderChainError.storageFailed`; nothing changes then.
    public func resetToCheckpoint() throws(HeaderChainError) {
        do { try storage?.reset() } catch { throw .storageFailed(reason: "\(error)") }
        window = Self.seed(checkpoint)
        displayHeaders = [:]
    }

    // MARK: - Private

    /// The window the storage's records give (the last `retainedHeaders`, read by offset), up to the last record
    /// that links to the one below it, and how many records above that do not.
    private func loadWindow() throws(HeaderChainError) -> (ChainSegment, dropped: Int) {
        guard let storage else { return (Self.seed(checkpoint), 0) }
        let count: Int
        do { count = try storage.recordCount() } catch { throw .storageFailed(reason: "\(error)") }
        let tip = checkpoint.height + count
        let lowest = max(checkpoint.firstContextHeight, tip - Self.retainedHeaders + 1)
        let firstStored = max(lowest, checkpoint.height + 1)
        let stored = count > 0 ? try readStored(from: firstStored, count: tip - firstStored + 1) : []
        // Below the first stored record there are only the checkpoint's headers (or nothing).
        var loaded = ChainSegment(lowestHeight: lowest)
        if lowest <= checkpoint.height {
            loaded = Self.seed(checkpoint)
            loaded.dropBelow(lowest)
        }
        var linked = 0
        for header in stored {
            if loaded.headers.count > 0, header.previousBlockHash != loaded.hash(at: loaded.tipHeight) { break }
            loaded.append(header, hash: header.hash, work: Self.work(of: header))
            linked += 1
        }
        return (loaded, stored.count - linked)
    }

    private static func seed(_ checkpoint: Checkpoint) -> ChainSegment {
        var segment = ChainSegment(lowestHeight: checkpoint.firstContextHeight)
        for header in checkpoint.headers {
            segment.append(header, hash: header.hash, work: work(of: header))
        }
        return segment
    }

    private static func work(of header: BlockHeader) -> UInt256 { (try? header.work) ?? .zero }

    /// How many leading headers of a run (as records and hashes) are the local ones at the same heights.
    private func overlap(startHeight: Int, records: [[UInt8]], hashes: [BlockHash]) throws(HeaderChainError) -> Int {
        let last = min(window.tipHeight, startHeight + records.count - 1)
        guard last >= startHeight else { return 0 }
        var skip = 0
        // Below the window: compare the stored bytes, read in one go.
        let lastBelow = min(last, window.lowestHeight - 1)
        if lastBelow >= startHeight {
            let count = lastBelow - startHeight + 1
            let stored = try readStoredRecords(from: startHeight, count: count)
            let size = Self.recordSize
            while skip < count, stored[skip * size..<(skip + 1) * size].elementsEqual(records[skip]) { skip += 1 }
            if skip < count { return skip }
        }
        while startHeight + skip <= last, hashes[skip] == window.hash(at: startHeight + skip) { skip += 1 }
        return skip
    }

    /// The lowest height whose header the rules may read while validating the header at `height`: 147 below it
    /// for the 144-block rule (and the median time), 2016 for mainnet's original retarget; never below the
    /// checkpoint's context.
    private func contextLowestHeight(below height: Int) -> Int {
        let depth =
            network == .main && height <= DifficultyRule.lastLegacyHeight
            ? LegacyRetarget.interval : CashWorkRule.contextNeeded
        return max(checkpoint.firstContextHeight, height - depth)
    }

    /// The local headers from `lowest` (at or above the checkpoint's context) through `top` (at most the tip), from
    /// the window where it reaches that low, else from the checkpoint and the storage.
    private func ancestry(from lowest: Int, through top: Int) throws(HeaderChainError) -> ChainSegment {
        if window.lowestHeight <= lowest, top <= window.tipHeight {
            var segment = window
            segment.truncate(above: top)
            return segment
        }
        var segment = ChainSegment(lowestHeight: lowest)
        if lowest <= checkpoint.height {
            for header in checkpoint.headers[(lowest - checkpoint.firstContextHeight)...] {
                guard segment.headers.count <= top - lowest else { break }
                segment.append(header, hash: header.hash, work: Self.work(of: header))
            }
        }
        let firstStored = max(lowest, checkpoint.height + 1)
        if top >= firstStored {
            for header in try readStored(from: firstStored, count: top - firstStored + 1) {
                segment.append(header, hash: header.hash, work: Self.work(of: header))
            }
        }
        return segment
    }

    /// The work of the local headers above `height` (at most the tip).
    private func localWork(above height: Int) throws(HeaderChainError) -> UInt256 {
        let tip = window.tipHeight
        if window.contains(height) { return window.chainWork(at: tip) - window.chainWork(at: height) }
        let segment = try ancestry(from: height, through: tip)
        return segment.chainWork(at: tip) - segment.chainWork(at: height)
    }

    /// Keeps the last `retainedHeaders` of `segment` when there is storage to read older ones from.
    private func retained(_ segment: ChainSegment) -> ChainSegment {
        guard storage != nil else { return segment }
        var kept = segment
        kept.dropBelow(segment.tipHeight - Self.retainedHeaders + 1)
        return kept
    }

    /// The stored headers from `height` (above the checkpoint).
    private func readStored(from height: Int, count: Int) throws(HeaderChainError) -> [BlockHeader] {
        let bytes = try readStoredRecords(from: height, count: count)
        let size = Self.recordSize
        var headers: [BlockHeader] = []
        headers.reserveCapacity(count)
        for offset in stride(from: 0, to: bytes.count, by: size) {
            do { headers.append(try BlockHeader(bytes: Array(bytes[offset..<offset + size]))) } catch {
                throw .storageFailed(reason: "the stored header at height \(height + offset / size) is unreadable")
            }
        }
        return headers
    }

    /// The stored records from `height` (above the checkpoint), concatenated.
    private func readStoredRecords(from height: Int, count: Int) throws(HeaderChainError) -> [UInt8] {
        guard let storage else {
            throw .storageFailed(reason: "no storage holds the header at height \(height)")
        }
        let bytes: [UInt8]
        do { bytes = try storage.readRecords(from: height - checkpoint.height - 1, count: count) } catch {
            throw .storageFailed(reason: "\(error)")
        }
        guard bytes.count == count * Self.recordSize else {
            throw .storageFailed(
                reason: "the storage returned \(bytes.count) bytes for \(count) headers from height \(height)")
        }
        return bytes
    }
}
