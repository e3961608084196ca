import HFNetwork
import HFPrimitives
public import HFSPV

/// Brings the watcher's own validated header chain up to the service's tip: bulk runs from JungleBus
/// (`block_header/list`, up to 9,999 per call), or WhatsOnChain's latest headers for small gaps, each run validated by
/// the same SPV core as the signer before it is stored (DESIGN §8). Never one request per header over a long range.
public struct HeaderSync {
    /// The largest gap WhatsOnChain alone may fill (its latest-headers call returns at most 100).
    public static let wocOnlyGap = 100

    let services: WatcherServices
    let chain: HeaderChain

    /// A header sync of `chain` through `services`.
    public init(services: WatcherServices, chain: HeaderChain) {
        self.services = services
        self.chain = chain
    }

    /// Fetches and commits headers until the chain reaches the service's height.
    ///
    /// - Parameter progress: called with (validated tip, remote height) after each run.
    /// - Returns: the number of headers added.
    public func run(progress: (Int, Int) -> Void = { _, _ in }) async throws(WatcherError) -> Int {
        let remote: Int
        do { remote = try await services.whatsOnChain.chainInfo().height } catch { throw .service(reason: error.description) }
        var added = 0
        var retriedFork = false
        while chain.validatedTipHeight < remote {
            let tip = chain.validatedTipHeight
            let start = tip + 1
            let count = min(remote - tip, JungleBusClient.maxHeaderCount)
            let run = try await fetch(from: start, count: count, remote: remote)
            guard let first = run.first else { throw .service(reason: "the service returned no headers from \(start)") }
            do {
                added += try chain.commitValidatedRun(startHeight: first.height, headers: run.map(\.header)).added
            } catch .rejected(.doesNotLink(let height)) where height == first.height && !retriedFork {
                // Our tip left the best chain: fetch again from deeper, so the run forks below the tip.
                retriedFork = true
                let deeper = max(chain.checkpoint.height + 1, tip - HeaderChain.maximumReorgDepth + 1)
                let again = try await fetch(from: deeper, count: min(remote - deeper + 1, JungleBusClient.maxHeaderCount), remote: remote)
                do {
                    added += try chain.commitValidatedRun(startHeight: deeper, headers: again.map(\.header)).added
                } catch {
                    throw Self.failure(error)
                }
            } catch {
                throw Self.failure(error)
            }
            progress(chain.validatedTipHeight, remote)
        }
        return added
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
