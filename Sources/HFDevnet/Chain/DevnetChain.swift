public import HFCrypto
public import HFPrimitives
import HFSystem
import Synchronization

/// A local regtest chain with real proof of work, real signatures and real proofs: blocks from the regtest genesis
/// (bits 0x207fffff), a mempool that accepts only valid P2PKH spends paying the policy fee, a miner, and the queries
/// the WhatsOnChain, JungleBus and ARC imitations serve.
///
/// **Rules.** Coinbase subsidy 50 BSV halving every 150 blocks (as Bitcoin's regtest); coinbase outputs mature after
/// `coinbaseMaturity` (100) blocks, as in Bitcoin: the coinbase of block h can be spent in block h + 100 at the
/// earliest. Fee rule: see `DevnetPolicy`. Mempool rules: see `Mempool`. Every header the miner makes passes
/// `HeaderChain.commitValidatedRun` on a regtest header chain before it is kept. The chain grows by mining, and
/// reorganises only when asked (`reorg(from:blocks:to:)`, a heavier branch of empty blocks).
///
/// **Persistence** (with a state directory, see `init(stateDirectory:policy:clock:)`): blocks are appended to
/// `blocks.dat` and synced before memory changes, one sync per `mine` call; accepted transactions are appended to
/// `mempool.dat` and synced before the submission is answered; on open a torn last record is cut off, blocks are
/// re-validated (headers by `HeaderChain`; links, merkle roots, coinbase value and UTXO spends by the index — scripts
/// were checked on entry and are not re-run) and mempool transactions re-submitted. A crash therefore reopens on the
/// last synced block and mempool, never on a mix. A reorganisation replaces `blocks.dat` by an atomic rename (see
/// `reorg(from:blocks:to:)`). The directory is locked (`flock`) while open.
///
/// **Threads.** Every method takes one lock (`Synchronization.Mutex`), so the HTTP server may call from any thread;
/// results are values, consistent as of one moment.
public final class DevnetChain: Sendable {
    /// Confirmations a coinbase output needs before it can be spent: 100, as in Bitcoin.
    public static let coinbaseMaturity = 100

    /// The most blocks one `mine` call (or one `fund`'s maturing) mines: 10 000.
    public static let maxBlocksPerCall = 10_000

    /// The network of every address and key: regtest (P2PKH version 0x6f, WIF 0xef).
    public static let network = Network.regtest

    /// The relay policy.
    public let policy: DevnetPolicy

    /// The devnet's own key's address: default coinbase payee and the source of `fund`.
    public let coinbaseAddress: Address

    /// The state directory, nil for an in-memory devnet.
    public let stateDirectory: String?

    /// What opening the state directory found (all zero for an in-memory devnet).
    public let openReport: DevnetOpenReport

    /// The devnet's own key (never leaves this object).
    private let key: PrivateKey

    /// Seconds since 1970 for block times.
    private let clock: @Sendable () -> UInt32

    /// Everything mutable.
    private let state: Mutex<DevnetState>

    // MARK: - Initializers

    /// Opens (or creates) the devnet kept in `stateDirectory`.
    ///
    /// Creates the directory (0700) if needed, locks it, reads or generates the coinbase key (`coinbase.wif`, 0600,
    /// refused if group or others can read it), and replays `blocks.dat` and `mempool.dat` (see the type's
    /// documentation); `openReport` says what was repaired.
    /// - Parameters:
    ///   - stateDirectory: the directory.
    ///   - policy: the relay policy (not persisted: pass the same one each time, or another).
    ///   - clock: the time source for new blocks; the system clock by default.
    /// - Throws: `DevnetError.stateDirectory`, `.stateDirectoryInUse`, `.keyFile`, `.keyFileTooOpen`, `.storage`.
    public init(
        stateDirectory: String, policy: DevnetPolicy = DevnetPolicy(),
        clock: @escaping @Sendable () -> UInt32 = DevnetChain.systemTime
    ) throws(DevnetError) {
        let directory = try StateDirectory(path: stateDirectory)
        let (key, created) = try directory.loadOrCreateKey()
        let (state, report) = try DevnetState.open(directory: directory, policy: policy, createdKey: created)
        self.policy = policy
        self.key = key
        self.coinbaseAddress = Address(publicKey: key.publicKey, network: Self.network)
        self.stateDirectory = directory.path
        self.openReport = report
        self.clock = clock
        self.state = Mutex(state)
    }

    /// An in-memory devnet (nothing is written anywhere), for tests.
    /// - Parameters:
    ///   - key: the coinbase key; a fresh random one by default.
    ///   - policy: the relay policy.
    ///   - clock: the time source for new blocks; the system clock by default.
    public init(
        key: PrivateKey = .generate(), policy: DevnetPolicy = DevnetPolicy(),
        clock: @escaping @Sendable () -> UInt32 = DevnetChain.systemTime
    ) {
        self.policy = policy
        self.key = key
        self.coinbaseAddress = Address(publicKey: key.publicKey, network: Self.network)
        self.stateDirectory = nil
        self.openReport = DevnetOpenReport(
            blocksLoaded: 0, blockBytesDropped: 0, blocksDropped: 0, mempoolTransactionsLoaded: 0,
            mempoolTransactionsDropped: 0, createdKey: false)
        self.clock = clock
        self.state = Mutex(DevnetState(storage: nil, policy: policy))
    }

    // MARK: - Mutators

    /// Mines `count` blocks: the first takes every mempool transaction, and each coinbase pays the subsidy (plus the
    /// fees) to `address`, or to `coinbaseAddress` when nil.
    /// - Returns: the new blocks' hashes, lowest first.
    /// - Throws: `DevnetError.invalidBlockCount` (outside 1…`maxBlocksPerCall`), `.closed`, `.storage` (nothing
    ///   changed), `.internalInconsistency`.
    @discardableResult
    public func mine(_ count: Int = 1, to address: Address? = nil) throws(DevnetError) -> [BlockHash] {
        let script = Script(p2pkhPaying: address ?? coinbaseAddress)
        let now = clock()
        return try state.withLock { (state) throws(DevnetError) in
            try state.mine(count: count, lockingScript: script, now: now).map(\.hash)
        }
    }

    /// Replaces blocks `from…tip` by a heavier branch of `blocks` new blocks, each holding only its coinbase (paying
    /// `address`, or `coinbaseAddress` when nil): the chain reorganises as a real one does when a longer branch
    /// appears, for testing clients. The other transactions of the disconnected blocks are dropped (neither mined
    /// again nor returned to the mempool); mempool transactions that spent their outputs are evicted. Durable as
    /// `mine` is: a crash reopens on the old chain or on the new one.
    /// - Returns: what was disconnected, mined, dropped and evicted.
    /// - Throws: `DevnetError.reorgOutOfRange` (`from` outside 1…tip), `.reorgNotHeavier` (`blocks` ≤ tip − from
    ///   + 1), `.invalidBlockCount`, `.closed`, `.storage` (nothing changed), `.internalInconsistency`.
    public func reorg(from: Int, blocks: Int, to address: Address? = nil) throws(DevnetError) -> DevnetReorg {
        let script = Script(p2pkhPaying: address ?? coinbaseAddress)
        let now = clock()
        return try state.withLock { (state) throws(DevnetError) in
            try state.reorg(from: from, count: blocks, lockingScript: script, now: now)
        }
    }

    /// Pays `satoshis` to `address` from the devnet key (change back to it), submits, and mines one block.
    ///
    /// On a chain without mature coinbase outputs of the key it first mines, to the key, the blocks needed (100 on a
    /// fresh chain), so the funding transaction lands in block 101 at the earliest.
    /// - Returns: the funding transaction's txid; it is mined at the tip when this returns.
    /// - Throws: `DevnetError.invalidAmount`, `.insufficientFunds`, `.closed`, `.storage`, `.internalInconsistency`.
    @discardableResult
    public func fund(address: Address, satoshis: UInt64) throws(DevnetError) -> Txid {
        let script = Script(p2pkhPaying: address)
        let now = clock()
        let key = key
        return try state.withLock { (state) throws(DevnetError) in
            try state.fund(lockingScript: script, satoshis: satoshis, key: key, now: now).txid
        }
    }

    /// Submits serialized bytes as ARC's `POST /v1/tx` does: the extended format (BRC-30) when bytes 4…9 are its
    /// marker, else a plain transaction.
    /// - Returns: `.success` for an accepted or already known transaction (`alreadyKnown` tells which; a known one
    ///   reports its current status, MINED or SEEN_ON_NETWORK), `.failure` with the verdict otherwise (garbage is
    ///   `.malformed`, ARC 463).
    /// - Throws: `DevnetError.closed`, or `.storage` when the accepted transaction could not be persisted (it is then
    ///   not in the mempool).
    public func submit(_ bytes: [UInt8]) throws(DevnetError) -> Result<DevnetSubmission, MempoolRejection> {
        let isExtended = bytes.count > 10 && Array(bytes[4..<10]) == ExtendedTransaction.marker
        do {
            if isExtended {
                return try submit(try ExtendedTransaction(bytes: bytes))
            }
            return try submit(try Transaction(bytes: bytes))
        } catch let error as DevnetError {
            throw error
        } catch let error as TransactionError {
            return .failure(.malformed(error))
        } catch {
            preconditionFailure("only DevnetError and TransactionError are thrown here: \(error)")
        }
    }

    /// Submits hex text of a plain or extended transaction (see `submit(_:)` for bytes); bad hex is `.malformed`.
    /// - Throws: as `submit(_:)`.
    public func submit(hex: String) throws(DevnetError) -> Result<DevnetSubmission, MempoolRejection> {
        let bytes: [UInt8]
        do {
            bytes = try Hex.decode(hex)
        } catch {
            return .failure(.malformed(.invalidHex(error)))
        }
        return try submit(bytes)
    }

    /// Submits a plain transaction; the devnet looks its inputs up itself.
    /// - Throws: as `submit(_:)`.
    public func submit(_ transaction: Transaction) throws(DevnetError) -> Result<DevnetSubmission, MempoolRejection> {
        try state.withLock { (state) throws(DevnetError) in try state.submit(transaction, declaredSources: nil) }
    }

    /// Submits an extended transaction; its source outputs must equal the outputs it spends.
    /// - Throws: as `submit(_:)`.
    public func submit(
        _ extended: ExtendedTransaction
    ) throws(DevnetError) -> Result<DevnetSubmission, MempoolRejection> {
        try state.withLock { (state) throws(DevnetError) in
            try state.submit(extended.transaction, declaredSources: extended.sourceOutputs)
        }
    }

    /// Closes the state files and releases the directory lock; later mutations throw `DevnetError.closed`, queries
    /// keep answering from memory. Also happens when the object is released.
    public func close() {
        state.withLock { $0.close() }
    }

    // MARK: - Static

    /// The system clock: seconds since 1970-01-01 UTC.
    @Sendable public static func systemTime() -> UInt32 { UInt32(clamping: SystemClock.secondsSince1970) }

    /// Runs `body` on the state under the lock.
    func read<T: Sendable>(_ body: (borrowing DevnetState) -> T) -> T {
        state.withLock { body($0) }
    }
}
