import HFNetwork
import HFPrimitives
public import HFSPV

/// Brings the watcher's own validated header chain up to the service's tip: bulk runs from JungleBus
/// (`block_header/list`, up to 9,999 per call), or WhatsOnChain's latest headers for small gaps, each run validated by
/// the same SPV core as the signer before it is stored (docs/design.md §8). Never one request per header over a long range.
///
/// With both providers configured (JungleBus and WhatsOnChain, the default), the top ``comparisonWindow`` heights of
/// each run are also asked of WhatsOnChain and compared (``HeaderSourceComparison``): a settled disagreement stops the
/// sync (`WatcherError.rejected`, exit 65) and is recorded (``HeaderSourceConflict``); one nearer the tip, or a
/// provider lagging behind, keeps only the common part.
public struct HeaderSync {
    /// The largest gap WhatsOnChain alone may fill (its latest-headers call returns at most 100).
    public static let wocOnlyGap = 100

    /// How many heights ending at each run's last one are compared between the providers (one WhatsOnChain request
    /// each): twice the settled depth, so a fork at least that deep always shows at the window's lowest height
    /// (hashes commit to every header below them, so agreeing there is agreeing on the whole run).
    public static let comparisonWindow = 2 * HeaderSourceComparison.settledDepth

    /// The providers' names, as the `.hfheaders` bundle's `sources` names them.
    public static let jungleBusName = "junglebus"
    public static let whatsOnChainName = "whatsonchain"

    /// What one header sync did.
    public struct Outcome: Sendable {
        /// Headers validated and added to the chain.
        public let added: Int
        /// Disagreements near the tip and lagging providers, one sentence each.
        public let notes: [String]
    }

    let services: WatcherServices
    let chain: HeaderChain
    let conflict: HeaderSourceConflict?

    /// A header sync of `chain` through `services`; `conflict` is where a settled disagreement is recorded (nil:
    /// nowhere, as in a test of one source).
    public init(services: WatcherServices, chain: HeaderChain, conflict: HeaderSourceConflict? = nil) {
        self.services = services
        self.chain = chain
        self.conflict = conflict
    }

    /// The providers whose answers this sync compares: both names with JungleBus configured, else WhatsOnChain's.
    public static func sources(_ services: WatcherServices) -> [String] {
        services.jungleBus == nil ? [whatsOnChainName] : [jungleBusName, whatsOnChainName]
    }

    /// Fetches and commits headers until the chain reaches the service's height (or the providers' common part).
    ///
    /// - Parameter progress: called with (validated tip, remote height) after each run.
    /// - Returns: the headers added and the notes to show.
    /// - Throws: `WatcherError.rejected` naming the height and both answers when the providers disagree at least
    ///   ``HeaderSourceComparison/settledDepth`` below the tip (nothing of that run is stored).
    public func run(progress: (Int, Int) -> Void = { _, _ in }) async throws(WatcherError) -> Outcome {
        let remote: Int
        do { remote = try await services.whatsOnChain.chainInfo().height } catch { throw .service(reason: error.description) }
        var added = 0
        var notes: [String] = []
        var retriedFork = false
        var compared = false
        while chain.validatedTipHeight < remote {
            let tip = chain.validatedTipHeight
            let start = tip + 1
            let count = min(remote - tip, JungleBusClient.maxHeaderCount)
            let fetched = try await fetch(from: start, count: count, remote: remote)
            if fetched.isEmpty, services.jungleBus != nil {
                notes.append(
                    "\(Self.jungleBusName) has no headers from \(start) yet (\(Self.whatsOnChainName) is at \(remote)); "
                        + "the watcher stays at \(tip), the providers' common part")
                break
            }
            guard fetched.first != nil else { throw .service(reason: "the service returned no headers from \(start)") }
            compared = true
            let run = try await corroborated(fetched, remote: remote, notes: &notes)
            guard let first = run.first else { break }
            do {
                added += try chain.commitValidatedRun(startHeight: first.height, headers: run.map(\.header)).added
            } catch .rejected(.doesNotLink(let height)) where height == first.height && !retriedFork {
                // Our tip left the best chain: fetch again from deeper, so the run forks below the tip.
                retriedFork = true
                let deeper = max(chain.checkpoint.height + 1, tip - HeaderChain.maximumReorgDepth + 1)
                let again = try await corroborated(
                    try await fetch(from: deeper, count: min(remote - deeper + 1, JungleBusClient.maxHeaderCount), remote: remote),
                    remote: remote, notes: &notes)
                guard let firstAgain = again.first else { break }
                do {
                    added += try chain.commitValidatedRun(startHeight: firstAgain.height, headers: again.map(\.header)).added
                } catch {
                    throw Self.failure(error)
                }
            } catch {
                throw Self.failure(error)
            }
            progress(chain.validatedTipHeight, remote)
            // A run cut short (a lagging provider, or a disagreement near the tip) ends this sync at the common part.
            if run.count < fetched.count { break }
            if fetched.count < count, services.jungleBus != nil {
                notes.append(
                    "\(Self.jungleBusName) answered only up to \(fetched[fetched.count - 1].height) "
                        + "(\(Self.whatsOnChainName) is at \(remote)); the watcher stops at the providers' common part")
                break
            }
        }
        if !compared, services.jungleBus != nil, conflict?.read() != nil {
            // Nothing new to fetch, but a recorded disagreement may be resolved now: compare the stored top.
            _ = try await corroborated([], remote: remote, notes: &notes)
        }
        return Outcome(added: added, notes: notes)
    }

    /// The part of `run` both providers vouch for: all of it with one provider; with two, the run up to the highest
    /// height where the comparison window agrees.
    ///
    /// The first answer is JungleBus's run, preceded by the stored chain where the window reaches below the run and
    /// the run builds on it (so the stored headers are JungleBus's chain too; a run that does not is a reorg, fetched
    /// again from deeper, and only its own headers are compared).
    private func corroborated(
        _ run: [BlockHeaderRecord], remote: Int, notes: inout [String]
    ) async throws(WatcherError) -> [BlockHeaderRecord] {
        guard services.jungleBus != nil else { return run }
        let last = run.last?.height ?? chain.validatedTipHeight
        let buildsOnStored = run.first.map { chain.hash(at: $0.height - 1) == $0.header.previousBlockHash } ?? true
        let lowest = max(
            buildsOnStored ? chain.checkpoint.height + 1 : run[0].height, last - Self.comparisonWindow + 1)
        guard lowest <= last else { return run }
        let fetched = Dictionary(run.map { ($0.height, $0) }, uniquingKeysWith: { kept, _ in kept })
        var ours: [BlockHeaderRecord] = []
        for height in lowest...last {
            if let record = fetched[height] {
                ours.append(record)
            } else if let header = chain.header(at: height) {
                ours.append(BlockHeaderRecord(height: height, header: header))
            }
        }
        var theirs: [BlockHeaderRecord] = []
        for record in ours {
            let answer: BlockHeaderRecord?
            do { answer = try await services.whatsOnChain.header(height: record.height) } catch {
                throw .service(reason: error.description)
            }
            if let answer { theirs.append(answer) }
        }
        let comparison = HeaderSourceComparison(
            .init(name: Self.jungleBusName, records: ours), .init(name: Self.whatsOnChainName, records: theirs),
            tip: max(remote, last))
        if let disagreement = comparison.disagreement {
            let sentence = "the header sources disagree \(disagreement)"
            guard !disagreement.isSettled else {
                try conflict?.record("\(disagreement)")
                throw .rejected(
                    reason: sentence + ", \(max(remote, last) - disagreement.height) below the tip; nothing was stored. "
                        + "One of them serves another chain: check both, fix or replace the wrong one with "
                        + "`hf-watcher config set`, then sync again (`export headers` refuses until a sync finds them agreeing)")
            }
            notes.append(sentence + " near the tip; only the headers both agree on are kept")
        } else if comparison.agreedThrough != nil {
            conflict?.clear()
        }
        guard let agreed = comparison.agreedThrough else { return [] }
        if agreed < last, comparison.disagreement == nil {
            notes.append(
                "\(Self.whatsOnChainName) has no header above \(agreed) yet; the watcher stops at the providers' common part")
        }
        return run.filter { $0.height <= agreed }
    }

    /// A refused run names the service as its source; a storage failure stays one (exit 74).
    private static func failure(_ error: HeaderChainError) -> WatcherError {
        guard case .rejected = error else { return .headerChain(error) }
        return .rejected(reason: "headers from the service: \(error)")
    }

    private func fetch(from start: Int, count: Int, remote: Int) async throws(WatcherError) -> [BlockHeaderRecord] {
        do {
            if let jungleBus = services.jungleBus {
                return try await jungleBus.headers(from: start, count: count).sorted { $0.height < $1.height }
            }
            guard remote - start + 1 <= Self.wocOnlyGap else {
                throw WatcherError.configuration(
                    reason: "\(remote - start + 1) headers to fetch; configure junglebus.url for bulk header sync")
            }
            let latest = try await services.whatsOnChain.latestHeaderBytes(count: remote - start + 1)
            // Newest first, ending at the remote tip.
            return latest.reversed().enumerated().map { BlockHeaderRecord(height: start + $0.offset, header: $0.element) }
        } catch let error as WatcherError {
            throw error
        } catch let error as NetworkError {
            throw .service(reason: error.description)
        } catch {
            throw .service(reason: "\(error)")
        }
    }
}
