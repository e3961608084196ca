public import HFPrimitives

/// Sweeping outputs paid to keys outside the wallet (a paper wallet's WIF) into one wallet address: the same size
/// estimate, fee rule, dust limit and 100 KB ceiling as payments (`PaymentBuilder`), the same signer
/// (`TransactionSigner`, which also holds uncompressed keys). Pure: planning writes nothing.
public struct SweepBuilder: Sendable {
    /// One output to sweep.
    public struct Source: Hashable, Sendable {
        public let outpoint: OutPoint
        /// The P2PKH output spent.
        public let output: TransactionOutput
        /// Whether its address hashes the compressed public key (else the 65-byte uncompressed one: 32 more bytes
        /// in the unlocking script).
        public let compressed: Bool

        public init(outpoint: OutPoint, output: TransactionOutput, compressed: Bool) {
            self.outpoint = outpoint
            self.output = output
            self.compressed = compressed
        }
    }

    public let network: Network
    public let feeRate: FeeRate
    /// The largest transaction planned (100,000 bytes unless a test says otherwise).
    public let maximumSize: Int

    public init(network: Network, feeRate: FeeRate = .standard, maximumSize: Int = CoinSelector.maximumTransactionSize) {
        self.network = network
        self.feeRate = feeRate
        self.maximumSize = maximumSize
    }

    /// The unsigned sweep of every `source` to `destination` (one output: the total less the fee).
    ///
    /// - Throws: `SweepError.nothingToSweep`, `.notP2PKH`, `.tooLarge` (before any approval), `.belowDust` when
    ///   the fee leaves less than the dust limit, `.wrongNetwork` for a destination of another network.
    public func plan(
        sweeping sources: [Source], to destination: DerivedAddress, lockTimeHeight: UInt32
    ) throws(SweepError) -> SweepPlan {
        guard !sources.isEmpty else { throw .nothingToSweep }
        guard destination.address.network == network else {
            throw .wrongNetwork(address: destination.address.string, expected: network)
        }
        for (index, source) in sources.enumerated() where source.output.lockingScript.p2pkhHash160 == nil {
            throw .notP2PKH(index: index)
        }
        let uncompressed = sources.filter { !$0.compressed }.count
        let size = TransactionSize.estimate(p2pkhInputs: sources.count, outputCount: 1, outputBytes: 34)
            + Self.uncompressedExtraBytes * uncompressed
        guard size <= maximumSize else { throw .tooLarge(estimatedSize: size, limit: maximumSize) }
        let total = sources.reduce(UInt64(0)) { $0 + $1.output.satoshis }
        let fee = feeRate.fee(forSize: size)
        guard total > fee, !DustLimit.isDust(total - fee) else {
            throw .belowDust(total: total, fee: fee, dustLimit: DustLimit.threshold)
        }
        let payment: TransactionOutput
        do { payment = try TransactionOutput(satoshis: total - fee, lockingScript: Script(p2pkhPaying: destination.address)) }
        catch { throw .belowDust(total: total, fee: fee, dustLimit: DustLimit.threshold) }
        let transaction = Transaction(
            inputs: sources.map { TransactionInput(previousOutput: $0.outpoint) }, outputs: [payment],
            lockTime: lockTimeHeight)
        let unsigned: ExtendedTransaction
        do { unsigned = try ExtendedTransaction(transaction: transaction, sourceOutputs: sources.map(\.output)) } catch {
            preconditionFailure("one source output per input: \(error)")
        }
        return SweepPlan(unsigned: unsigned, sources: sources, destination: destination, total: total, fee: fee,
                         estimatedSize: size)
    }

    /// An uncompressed public key is 65 bytes instead of 33.
    static let uncompressedExtraBytes = 32
}

/// A planned sweep, not signed.
public struct SweepPlan: Hashable, Sendable {
    /// The transaction without unlocking scripts, with the outputs its inputs spend.
    public let unsigned: ExtendedTransaction
    public let sources: [SweepBuilder.Source]
    /// Where the coins go (a fresh receive address of the wallet).
    public let destination: DerivedAddress
    /// Satoshis in, and the fee.
    public let total: UInt64
    public let fee: UInt64
    public let estimatedSize: Int

    /// What arrives.
    public var amount: UInt64 { total - fee }
}

/// Why a sweep cannot be planned.
public enum SweepError: Error, Equatable, Sendable, CustomStringConvertible {
    case nothingToSweep
    case notP2PKH(index: Int)
    case tooLarge(estimatedSize: Int, limit: Int)
    case belowDust(total: UInt64, fee: UInt64, dustLimit: UInt64)
    case wrongNetwork(address: String, expected: Network)

    public var description: String {
        switch self {
        case .nothingToSweep: "there is nothing to sweep"
        case .notP2PKH(let index): "output \(index) to sweep is not P2PKH"
        case .tooLarge(let size, let limit):
            "the sweep would be about \(size) bytes, over the \(limit)-byte limit; sweep fewer outputs at a time"
        case .belowDust(let total, let fee, let dust):
            "the \(AmountText.bsv(total)) to sweep does not cover the fee of \(AmountText.bsv(fee)) plus the dust "
                + "limit of \(AmountText.bsv(dust))"
        case .wrongNetwork(let address, let expected): "\(address) is not a \(expected.rawValue) address"
        }
    }
}
