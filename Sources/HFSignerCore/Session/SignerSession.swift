public import HFPrimitives
public import HFSPV
public import HFHome
public import HFStore

/// One command's hold on the signer's home (docs/design.md §2 "Sessions"): the home, its exclusive lock for the whole run,
/// and the header chain of the selected network, opened once.
///
/// Opening takes the home's lock (`HomeLock`: a kernel advisory lock on `<home>/lock`, released when the process
/// dies), waiting a few seconds for another command to finish: two mutating commands never interleave, so two
/// `send`s never pick the same coins.
public final class SignerSession {
    /// The open home.
    public let home: SignerHome
    /// The network `--network` selected.
    public let network: Network
    /// The held home lock.
    public let lock: HomeLock
    private var openedChain: HeaderChain?
    /// The vault, once ``openVault(_:)`` opened it.
    var openedVault: SignerVault?
    /// The wallet bundles are imported into, once ``importBundle(_:wallet:secrets:)`` opened it.
    var importWallet: SignerWallet?
    /// Every wallet of the network, once a receipt imported without `--wallet` opened them.
    var openedHomeWallets: [SignerWallet]?
    /// What ``restoreBackup(_:explicit:network:secrets:)`` did with the backup's spending policy (nil: it had none).
    public internal(set) var restoredPolicy: PolicyRestoreOutcome?
    /// After ``restoreBackup(_:explicit:network:secrets:)``: the networks whose restored receipts wait for headers.
    public internal(set) var headersNeeded: [BackupRestore.HeadersNeeded] = []
    /// Where new key material comes from: the kernel's generator, health-tested before each use
    /// (``keyEntropy()``). Only tests set another source (through `@testable import`); no option reaches it.
    var randomSource: RandomSource = .kernel

    private init(home: SignerHome, network: Network, lock: HomeLock) {
        self.home = home
        self.network = network
        self.lock = lock
    }

    /// Opens the initialised home of `explicit` (or the default) and takes its lock.
    ///
    /// - Parameter lockWait: how long to wait for another command holding the home, in seconds.
    /// - Throws: `SignerError.notInitialized`, `.home`, `.database`; `.homeLock(.busy)` when another command still
    ///   holds the home after the wait.
    public static func open(
        explicit: String?, network: Network, lockWait: Double = 5,
        environment: [String: String] = HomeDirectory.processEnvironment
    ) throws(SignerError) -> SignerSession {
        let home = try SignerHome.open(explicit: explicit, environment: environment)
        return try SignerSession(home: home, network: network, lockWait: lockWait)
    }

    /// A session over an already open `home` (`init`, tests), taking its lock.
    public convenience init(home: SignerHome, network: Network, lockWait: Double = 5) throws(SignerError) {
        let lock: HomeLock
        do { lock = try HomeLock.acquire(directory: home.directory.path, waitingUpTo: lockWait) } catch {
            throw .homeLock(error)
        }
        self.init(home: home, network: network, lock: lock)
    }

    /// The validated header chain of `network`, opened on first use and kept for the session.
    public func chain() throws(SignerError) -> HeaderChain {
        if let openedChain { return openedChain }
        let chain = try home.headerChain(network: network)
        openedChain = chain
        return chain
    }

    /// Ends the session: drops the chain and vault, then releases the home lock. The database closes when the last
    /// reference to the home goes (the caller drops the session right after).
    public func close() {
        openedChain = nil
        openedVault = nil
        importWallet = nil
        openedHomeWallets = nil
        lock.release()
    }
}
