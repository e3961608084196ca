import HFNetwork
public import HFPrimitives
public import HFSPV

/// A mainnet checkpoint for a release ("Checkpoint Maintenance" of docs/requirements/wallet.md): a block at least `minimumDepth` below the
/// tip and its difficulty context, fetched from JungleBus and WhatsOnChain, cross-checked field by field and
/// validated by the SPV core.
///
/// Validation roots a throw-away in-memory chain at the 147 headers below the context (fetched and cross-checked the
/// same way) and commits the proposed headers onto it, so every one of them passes the signer's own rules: link,
/// proof of work, the 144-block difficulty rule and the median-time rule.
public struct CheckpointProposal: Sendable {
    /// The shallowest a proposed checkpoint may be below the services' tip.
    public static let minimumDepth = 500
    /// The headers a checkpoint carries: the checkpoint and the 146 before it (the difficulty rule's context).
    public static let contextCount = HeaderChain.retainedHeaders

    /// The proposed checkpoint (its context headers, the checkpoint last).
    public let checkpoint: Checkpoint
    /// The services' tip when it was proposed.
    public let tipHeight: Int

    /// Fetches, cross-checks and validates the checkpoint at `height`, or `depth` below the tip.
    ///
    /// - Parameters:
    ///   - services: the watcher's mainnet services; JungleBus and WhatsOnChain are both needed.
    ///   - height: the checkpoint height, or nil to take the block `depth` below the tip.
    ///   - depth: how far below the tip, when `height` is nil; at least `minimumDepth`.
    /// - Throws: `WatcherError.configuration` for another network or a missing source; `.rejected` (nothing to write)
    ///   when the block is too shallow, the sources disagree on any field (naming the height and field), or the run
    ///   fails SPV validation; `.service` when a source fails.
    public static func propose(
        services: WatcherServices, height: Int?, depth: Int = minimumDepth
    ) async throws(WatcherError) -> CheckpointProposal {
        try requireMainnet(services.network)
        guard let jungleBus = services.jungleBus else {
            throw .configuration(
                reason: "a checkpoint needs two independent sources; run `hf-watcher config set "
                    + "junglebus.url URL` (WhatsOnChain is the second)")
        }
        let tip: Int
        do { tip = try await services.whatsOnChain.chainInfo().height } catch {
            throw .service(reason: error.description)
        }
        let target = height ?? tip - depth
        guard tip - target >= minimumDepth else {
            throw .rejected(
                reason:
                    "block \(target) is only \(tip - target) below the tip \(tip); a checkpoint must be "
                    + "at least \(minimumDepth) deep")
        }
        // The checkpoint's context and, below it, the context that lets the SPV core check the difficulty rule.
        let count = 2 * contextCount
        let start = target - count + 1
        guard start >= 1 else {
            throw .rejected(reason: "block \(target) is too low for a checkpoint with its context")
        }
        let fromJungleBus = try await fetch("JungleBus") { () async throws(NetworkError) in
            try await jungleBus.headers(from: start, count: count)
        }
        let fromWhatsOnChain = try await fetch("WhatsOnChain") { () async throws(NetworkError) in
            var records: [BlockHeaderRecord] = []
            for h in start...target {
                guard let record = try await services.whatsOnChain.header(height: h) else { break }
                records.append(record)
            }
            return records
        }
        try HeaderCrossCheck.agree(("JungleBus", fromJungleBus), ("WhatsOnChain", fromWhatsOnChain))
        guard fromJungleBus.count == count else {
            throw .rejected(
                reason: "the sources have \(fromJungleBus.count) of the \(count) headers \(start)…\(target)"
            )
        }
        return CheckpointProposal(
            checkpoint: try validated(fromJungleBus.map(\.header), endingAt: target), tipHeight: tip)
    }

    /// Throws unless `network` is mainnet, the only network with a checkpoint other than its genesis block.
    public static func requireMainnet(_ network: Network) throws(WatcherError) {
        guard network == .main else {
            throw .configuration(
                reason: "checkpoint propose makes mainnet checkpoints only; run it with --network main")
        }
    }

    /// The checkpoint of the last `contextCount` of `headers` (ending at `height`), after the SPV core accepted them
    /// on top of the headers before them.
    static func validated(_ headers: [BlockHeader], endingAt height: Int) throws(WatcherError)
        -> Checkpoint
    {
        for index in headers.indices {
            guard headers[index].hasValidProofOfWork else {
                throw .rejected(
                    reason:
                        "the header at height \(height - headers.count + 1 + index) fails its proof of work")
            }
            if index > 0, headers[index].previousBlockHash != headers[index - 1].hash {
                throw .rejected(
                    reason: "the header at height \(height - headers.count + 1 + index) does not link to "
                        + "the one before it")
            }
        }
        let base = Array(headers.prefix(headers.count - contextCount))
        let proposed = Array(headers.suffix(contextCount))
        let root = Checkpoint(network: .main, height: height - contextCount, headers: base)
        do {
            let chain = try HeaderChain(checkpoint: root)
            _ = try chain.commitValidatedRun(startHeight: height - contextCount + 1, headers: proposed)
        } catch {
            throw .rejected(reason: "the headers fail SPV validation: \(error)")
        }
        return Checkpoint(network: .main, height: height, headers: proposed)
    }

    /// `body`'s records, a network failure named after `source`.
    private static func fetch(
        _ source: String, _ body: () async throws(NetworkError) -> [BlockHeaderRecord]
    ) async throws(WatcherError) -> [BlockHeaderRecord] {
        do { return try await body() } catch {
            throw .service(reason: "\(source): \(error.description)")
        }
    }
}
