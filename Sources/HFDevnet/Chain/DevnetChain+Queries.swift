public import HFPrimitives

// The queries the HTTP layer serves (WhatsOnChain, JungleBus, ARC). Each takes the lock once and returns values.
extension DevnetChain {
    /// The tip height.
    public var height: Int { read { $0.index.tipHeight } }

    /// A snapshot of the mempool.
    public var mempool: Mempool { read { $0.mempool } }

    /// The chain summary (WhatsOnChain `GET /chain/info`).
    public func chainInfo() -> DevnetChainInfo { read { $0.chainInfo } }

    /// The header at `height` (WhatsOnChain `GET /block/{height}/header`), nil outside `0…tip`.
    public func header(atHeight height: Int) -> DevnetHeaderInfo? { read { $0.headerInfo(atHeight: height) } }

    /// The header of block `hash` (WhatsOnChain `GET /block/{hash}/header`), nil if not in the chain.
    public func header(hash: BlockHash) -> DevnetHeaderInfo? {
        read { state in state.height(of: hash).flatMap { state.headerInfo(atHeight: $0) } }
    }

    /// Up to `count` consecutive headers from `height` upward (JungleBus `block_header/list/{from}?limit=N`, bulk
    /// header sync); empty when `height` is above the tip or `count` is not positive.
    public func headers(from height: Int, count: Int) -> [DevnetHeaderInfo] {
        read { state in
            let first = max(height, 0)
            let last = min(state.index.tipHeight, first + count - 1)
            guard count > 0, first <= last else { return [] }
            return (first...last).compactMap { state.headerInfo(atHeight: $0) }
        }
    }

    /// The `count` newest headers, newest first (WhatsOnChain `GET /block/headers`, 10 by default there).
    public func latestHeaders(count: Int) -> [DevnetHeaderInfo] {
        read { state in
            let tip = state.index.tipHeight
            let first = max(0, tip - max(count, 0) + 1)
            guard count > 0 else { return [] }
            return (first...tip).reversed().compactMap { state.headerInfo(atHeight: $0) }
        }
    }

    /// The block at `height` (WhatsOnChain `GET /block/height/{h}`), nil outside `0…tip`.
    public func block(atHeight height: Int) -> DevnetBlock? {
        read { state in (0...state.index.tipHeight).contains(height) ? state.index.blocks[height] : nil }
    }

    /// The block `hash` (WhatsOnChain `GET /block/hash/{hash}`), nil if not in the chain.
    public func block(hash: BlockHash) -> DevnetBlock? {
        read { state in state.height(of: hash).map { state.index.blocks[$0] } }
    }

    /// The serialized transaction `txid`, mined or in the mempool (WhatsOnChain `GET /tx/{txid}/hex`).
    public func rawTransaction(_ txid: Txid) -> [UInt8]? {
        read { $0.transactionRecord(txid)?.transaction.serialized }
    }

    /// Transaction `txid` with its status (WhatsOnChain `GET /tx/hash/{txid}`).
    public func transaction(_ txid: Txid) -> DevnetTransactionRecord? { read { $0.transactionRecord(txid) } }

    /// Whether and where `txid` is known (WhatsOnChain `POST /txs/status`).
    public func status(of txid: Txid) -> DevnetTransactionStatus { read { $0.status(of: txid) } }

    /// The TSC proof of `txid` in its block (WhatsOnChain `GET /tx/{txid}/proof/tsc`).
    public func tscProof(for txid: Txid) -> DevnetProofLookup { read { $0.proof(of: txid) } }

    /// The BRC-74 BUMP of mined transaction `txid` (ARC `merklePath`), nil unless mined.
    public func merklePath(for txid: Txid) -> MerklePath? { read { $0.merklePath(of: txid) } }

    /// What ARC answers for `txid` (`GET /v1/tx/{txid}`): MINED with block and BUMP, SEEN_ON_NETWORK, or nil
    /// (ARC 404) when unknown.
    public func arcStatus(of txid: Txid) -> DevnetSubmission? {
        read { $0.submission(for: txid, alreadyKnown: false) }
    }

    /// The transactions paying to or spending from `address` (WhatsOnChain `confirmed/history` and
    /// `unconfirmed/history`; JungleBus `address/get`). The address's network is not checked.
    public func history(of address: Address) -> DevnetAddressHistory {
        history(lockingScript: Script(p2pkhPaying: address))
    }

    /// The transactions paying to or spending from outputs locked by `lockingScript`.
    public func history(lockingScript: Script) -> DevnetAddressHistory { read { $0.history(of: lockingScript) } }

    /// The unspent outputs of `address`, mempool-aware (WhatsOnChain `unspent/all`; filter on `isConfirmed` for
    /// `confirmed/unspent` and `unconfirmed/unspent`).
    public func unspentOutputs(of address: Address) -> [DevnetUnspentOutput] {
        unspentOutputs(lockingScript: Script(p2pkhPaying: address))
    }

    /// The unspent outputs locked by `lockingScript`, mempool-aware.
    public func unspentOutputs(lockingScript: Script) -> [DevnetUnspentOutput] {
        read { $0.unspentOutputs(of: lockingScript) }
    }

    /// The input spending `outpoint`, mined or in the mempool (WhatsOnChain `GET /tx/{txid}/{vout}/spent`); nil
    /// while it is unspent or unknown.
    public func spend(of outpoint: OutPoint) -> DevnetSpend? { read { $0.spend(of: outpoint) } }
}
