import HFPrimitives
import HFSPV

// `reorg`: replace the top of the chain by a heavier branch of empty blocks.
extension DevnetState {
    /// Disconnects blocks `from…tip` and mines `count` blocks from height `from` on in their place, each holding
    /// only its coinbase (paying `lockingScript`, tagged with the replaced tip's hash so no block repeats a
    /// replaced one). The other transactions of the disconnected blocks are dropped: not mined again, not put back
    /// into the mempool. Mempool transactions that no longer fit the new chain are evicted.
    ///
    /// The new branch must be heavier: regtest blocks all carry the same work, so `count` must exceed the
    /// `tip − from + 1` blocks it replaces. The whole new chain passes a fresh `HeaderChain` (every header of it,
    /// so any depth is accepted: clients decide how deep a reorganisation they follow). `blocks.dat` is then
    /// replaced in one atomic rename (`RecordFile.replace`), so a crash reopens on the old chain or the new one;
    /// only then does memory change. The mempool file is rewritten the same way afterwards; should that fail, its
    /// stale records are checked again on the next open, as after any crash.
    /// - Throws: `DevnetError.closed`, `.reorgOutOfRange`, `.reorgNotHeavier`, `.invalidBlockCount`, `.storage`
    ///   (nothing changed; except when only the directory sync after the rename failed: the reorganisation is then
    ///   made in the file and in memory, and the error says it may not survive a crash), `.internalInconsistency`.
    mutating func reorg(
        from: Int, count: Int, lockingScript: Script, now: UInt32
    ) throws(DevnetError) -> DevnetReorg {
        guard !isClosed else { throw .closed }
        let tip = index.tipHeight
        guard from >= 1, from <= tip else { throw .reorgOutOfRange(from: from, tip: tip) }
        guard (1...DevnetChain.maxBlocksPerCall).contains(count) else { throw .invalidBlockCount(count) }
        guard count > tip - from + 1 else { throw .reorgNotHeavier(from: from, blocks: count, tip: tip) }
        let oldTipHash = index.hashes[tip]
        let disconnected = Array(index.blocks[from...tip])
        var chain = index.prefix(through: from - 1)
        let branch = DevnetState.makeBlocks(
            on: chain, count: count, including: [], fees: 0, lockingScript: lockingScript, now: now,
            branch: Array(oldTipHash.internalBytes.prefix(8)))
        for block in branch {
            guard chain.canExtend(with: block) else {
                throw .internalInconsistency("a block of the new branch does not extend the chain below the fork")
            }
            chain.append(block)
        }
        let validator = Self.newHeaderChain()
        do {
            try validator.commitValidatedRun(startHeight: 1, headers: chain.blocks.dropFirst().map(\.header))
        } catch {
            throw .internalInconsistency("the new branch was rejected by the header chain: \(error)")
        }
        guard chain.chainWork[chain.tipHeight] > index.chainWork[tip] else {
            throw .internalInconsistency("the new branch is not heavier than the old chain")
        }
        let unsynced = try storage?.blocks.replace(keepingFirst: from - 1, appending: branch.map(\.storageBytes))
        // From the rename on, the file holds the new chain: memory follows it whatever happens next.
        index = chain
        headers = validator
        let (kept, evicted) = mempool.revalidated(against: chain, policy: policy)
        if !evicted.isEmpty {
            mempool = kept
            // A failure leaves stale records, which the next open checks against the chain and drops.
            _ = try? storage?.mempool.replace(keepingFirst: 0, appending: kept.transactions.map(\.serialized))
        }
        if let unsynced, case .storage(let path, let reason) = unsynced {
            throw .storage(
                path: path,
                reason: "the reorganisation is made, but syncing the directory failed (\(reason)); "
                    + "it may not survive a crash")
        }
        return DevnetReorg(
            from: from, oldTipHeight: tip, oldTipHash: oldTipHash, newTipHeight: chain.tipHeight,
            newBlocks: branch.map(\.hash), disconnectedBlocks: disconnected.map(\.hash),
            droppedTransactions: disconnected.flatMap { $0.txids.dropFirst() }, evictedTransactions: evicted)
    }
}
