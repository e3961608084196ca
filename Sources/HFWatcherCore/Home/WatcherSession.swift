public import HFSPV

/// What the watcher's online work reads and writes: its home, the services of one network, and its own validated
/// header chain of that network.
public struct WatcherSession {
    /// The home (its database holds the watched addresses and the stored transactions and proofs).
    public let home: WatcherHome
    /// The services of the network.
    public let services: WatcherServices
    /// The validated header chain every proof is checked against.
    public let chain: HeaderChain

    /// A session from its parts.
    public init(home: WatcherHome, services: WatcherServices, chain: HeaderChain) {
        self.home = home
        self.services = services
        self.chain = chain
    }
}
