import HFPrimitives
import HFSPV

// Read-only views of the state, as the HTTP layer serves them.
extension DevnetState {
    /// The chain summary.
    var chainInfo: DevnetChainInfo {
        let tip = index.tipHeight
        return DevnetChainInfo(
            chain: Network.regtest.rawValue, blocks: tip, bestBlockHash: index.hashes[tip],
            difficulty: BlockMiner.difficulty(bits: index.tipHeader.bits),
            medianTime: index.medianTimePast(endingAt: tip), chainwork: index.chainWork[tip])
    }

    /// The header at `height` with WhatsOnChain's fields, or nil outside `0…tip`.
    func headerInfo(atHeight height: Int) -> DevnetHeaderInfo? {
        guard (0...index.tipHeight).contains(height) else { return nil }
        let block = index.blocks[height]
        return DevnetHeaderInfo(
            header: block.header, height: height, confirmations: index.tipHeight - height + 1, size: block.size,
            transactionCount: block.transactions.count, medianTime: index.medianTimePast(endingAt: height),
            chainwork: index.chainWork[height],
            nextBlockHash: height < index.tipHeight ? index.hashes[height + 1] : nil)
    }

    /// The height of block `hash`, if it is in the chain.
    func height(of hash: BlockHash) -> Int? { index.heights[hash] }

    /// Where mined transaction `txid` is, or nil.
    func confirmation(of txid: Txid) -> DevnetConfirmation? {
        guard let location = index.locations[txid] else { return nil }
        return DevnetConfirmation(
            height: location.height, blockHash: index.hashes[location.height],
            blockTime: index.blocks[location.height].header.time, index: location.index,
            confirmations: index.tipHeight - location.height + 1)
    }

    /// Whether and where `txid` is known.
    func status(of txid: Txid) -> DevnetTransactionStatus {
        if let confirmation = confirmation(of: txid) { return .confirmed(confirmation) }
        return mempool.contains(txid) ? .mempool : .unknown
    }

    /// Transaction `txid` and its status, mined or in the mempool.
    func transactionRecord(_ txid: Txid) -> DevnetTransactionRecord? {
        if let location = index.locations[txid], let confirmation = confirmation(of: txid) {
            return DevnetTransactionRecord(
                transaction: index.blocks[location.height].transactions[location.index],
                status: .confirmed(confirmation))
        }
        guard let transaction = mempool.transaction(txid) else { return nil }
        return DevnetTransactionRecord(transaction: transaction, status: .mempool)
    }

    /// The TSC proof of `txid` against its block hash.
    ///
    /// A proof is served only if it passes the SPV check every client applies (`InclusionProofCheck`): a 64-byte
    /// transaction (which the mempool refuses, but a state directory could hold) is answered as unknown.
    func proof(of txid: Txid) -> DevnetProofLookup {
        guard let location = index.locations[txid], let confirmation = confirmation(of: txid) else {
            return mempool.contains(txid) ? .unconfirmed : .unknown
        }
        let block = index.blocks[location.height]
        do {
            let proof = try block.merkleTree.tscProof(index: location.index, target: .blockHash(block.hash))
            let raw = block.transactions[location.index].serialized
            let verdict = InclusionProofCheck.verdict(
                rawTransaction: raw, txid: txid, proof: proof, header: block.header)
            guard verdict == .verified else { return .unknown }
            return .confirmed(proof, confirmation)
        } catch {
            preconditionFailure("a mined transaction's index is in its block: \(error)")
        }
    }

    /// The BRC-74 BUMP of mined transaction `txid`, or nil.
    func merklePath(of txid: Txid) -> MerklePath? {
        guard let location = index.locations[txid] else { return nil }
        return try? index.blocks[location.height].merkleTree.merklePath(
            indices: [location.index], blockHeight: UInt32(location.height))
    }

    /// What ARC says about `txid`: MINED (with block and BUMP) or SEEN_ON_NETWORK; nil when unknown.
    func submission(for txid: Txid, alreadyKnown: Bool) -> DevnetSubmission? {
        if let confirmation = confirmation(of: txid) {
            return DevnetSubmission(
                txid: txid, txStatus: .mined, confirmation: confirmation, merklePath: merklePath(of: txid),
                alreadyKnown: alreadyKnown)
        }
        guard mempool.contains(txid) else { return nil }
        return DevnetSubmission(
            txid: txid, txStatus: .seenOnNetwork, confirmation: nil, merklePath: nil, alreadyKnown: alreadyKnown)
    }

    /// The mined and mempool transactions paying to or spending from `lockingScript`.
    func history(of lockingScript: Script) -> DevnetAddressHistory {
        let confirmed = (index.history[lockingScript] ?? []).compactMap { txid in
            confirmation(of: txid).map { DevnetHistoryEntry(txid: txid, confirmation: $0) }
        }
        let unconfirmed = mempool.txids.filter { txid in
            guard let transaction = mempool.transaction(txid) else { return false }
            if transaction.outputs.contains(where: { $0.lockingScript == lockingScript }) { return true }
            return mempool.sourceOutputs(of: txid)?.contains { $0.lockingScript == lockingScript } ?? false
        }
        return DevnetAddressHistory(confirmed: confirmed, unconfirmed: unconfirmed)
    }

    /// The unspent outputs locked by `lockingScript`: mined ones (oldest first, flagged when a mempool transaction
    /// spends them), then mempool ones no mempool transaction spends (in acceptance order).
    func unspentOutputs(of lockingScript: Script) -> [DevnetUnspentOutput] {
        var result: [DevnetUnspentOutput] = []
        for outpoint in index.unspentByScript[lockingScript] ?? [] {
            guard let entry = index.unspent[outpoint] else { continue }
            result.append(
                DevnetUnspentOutput(
                    outpoint: outpoint, satoshis: entry.output.satoshis, lockingScript: lockingScript,
                    height: entry.height, isCoinbase: entry.isCoinbase,
                    isSpentInMempool: mempool.spender(of: outpoint) != nil))
        }
        result.sort { left, right in
            let leftKey = (left.height ?? 0, index.locations[left.outpoint.txid]?.index ?? 0, left.outpoint.vout)
            let rightKey = (right.height ?? 0, index.locations[right.outpoint.txid]?.index ?? 0, right.outpoint.vout)
            return leftKey < rightKey
        }
        for txid in mempool.txids {
            guard let transaction = mempool.transaction(txid) else { continue }
            for (vout, output) in transaction.outputs.enumerated() where output.lockingScript == lockingScript {
                let outpoint = OutPoint(txid: txid, vout: UInt32(vout))
                guard mempool.spender(of: outpoint) == nil else { continue }
                result.append(
                    DevnetUnspentOutput(
                        outpoint: outpoint, satoshis: output.satoshis, lockingScript: lockingScript, height: nil,
                        isCoinbase: false, isSpentInMempool: false))
            }
        }
        return result
    }

    /// The input spending `outpoint`: mined first, else in the mempool.
    func spend(of outpoint: OutPoint) -> DevnetSpend? {
        if let spend = index.spends[outpoint] {
            return DevnetSpend(txid: spend.txid, vin: spend.vin, isConfirmed: true)
        }
        guard let spend = mempool.spender(of: outpoint) else { return nil }
        return DevnetSpend(txid: spend.txid, vin: spend.vin, isConfirmed: false)
    }
}
