public import HFPrimitives

/// `checkpoint propose`: the maintenance procedure of the compiled-in checkpoint, from the services of the home's
/// configuration; the watcher's own chain is not used.
extension WatcherSession {
    /// Proposes a mainnet checkpoint from the services `home` configures for `network`
    /// (``CheckpointProposal/propose(services:height:depth:)``).
    ///
    /// - Throws: `WatcherError.configuration` for services that cannot be built; otherwise as
    ///   ``CheckpointProposal/propose(services:height:depth:)``.
    public static func proposeCheckpoint(
        home: WatcherHome, network: Network, height: Int?, depth: Int
    ) async throws(WatcherError) -> CheckpointProposal {
        let services = try WatcherServices(config: home.config(network: network), network: network)
        return try await CheckpointProposal.propose(services: services, height: height, depth: depth)
    }
}
