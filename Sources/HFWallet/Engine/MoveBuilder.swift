public import HFPrimitives

/// Builds the transaction that moves every spendable coin of one wallet to fresh receive addresses of another
/// (`hf-signer wallet move`).
///
/// Every selectable UTXO (`UTXO.isSelectable`: P2PKH and not protected) is spent; protected ones (1-satoshi outputs
/// and inscriptions) stay where they are. The total less the fee is split, as a split does (`SplitBuilder`), into
/// equal outputs with the remainder on the first: `maximumOutputs` (3) of them, or fewer when that many would be
/// dust after the extra outputs' fee, so the receiving wallet gets a few coins to spend in parallel, as smart change
/// gives a payer two. The same size estimate, fee rule, dust limit and 100 KB ceiling as a payment apply, all before
/// any signature or approval; inputs, sequence and lock time are as for a payment (`PaymentBuilder`).
public struct MoveBuilder: Sendable {
    /// The most outputs a move makes: 3.
    public static let maximumOutputs = 3

    /// The network; every destination address must be on it.
    public let network: Network
    /// The rate the fee is computed at.
    public let feeRate: FeeRate
    /// The largest transaction planned (100,000 bytes unless a test says otherwise).
    public let maximumSize: Int

    /// A builder for `network` at `feeRate`, refusing transactions above `maximumSize` bytes.
    public init(
        network: Network, feeRate: FeeRate = .standard, maximumSize: Int = CoinSelector.maximumTransactionSize
    ) {
        self.network = network
        self.feeRate = feeRate
        self.maximumSize = maximumSize
    }

    /// Plans moving every selectable coin of `utxos` to `addresses`.
    ///
    /// - Parameters:
    ///   - utxos: the source wallet's confirmed UTXOs (`UTXOSet.utxos`); protected and non-P2PKH ones stay.
    ///   - addresses: fresh receive addresses of the destination wallet, at least `maximumOutputs`, used in order.
    ///   - lockTimeHeight: the lock time, a block height (the signer's validated tip).
    /// - Returns: the unsigned plan; its `usedAddresses` are the destination addresses it pays.
    /// - Throws: `MoveError`.
    public func plan(
        moving utxos: [UTXO], to addresses: [DerivedAddress], lockTimeHeight: UInt32
    ) throws(MoveError) -> PaymentPlan {
        let inputs = utxos.filter(\.isSelectable)
        guard !inputs.isEmpty else {
            let protected = utxos.filter(\.isProtected)
            throw .nothingToMove(
                protectedCount: protected.count, protectedSatoshis: protected.reduce(0) { $0 + $1.satoshis })
        }
        guard addresses.count >= Self.maximumOutputs else {
            throw .notEnoughAddresses(needed: Self.maximumOutputs, given: addresses.count)
        }
        do {
            try PaymentPlan.checkLockTime(lockTimeHeight)
            try PaymentPlan.checkFreshAddresses(Array(addresses.prefix(Self.maximumOutputs)), network: network)
        } catch {
            throw .invalidRequest(error)
        }
        let total = inputs.reduce(UInt64(0)) { $0 + $1.satoshis }
        for count in stride(from: Self.maximumOutputs, through: 1, by: -1) {
            let size = TransactionSize.estimate(
                p2pkhInputs: inputs.count, outputCount: count, outputBytes: count * TransactionSize.p2pkhOutput)
            guard size <= maximumSize else { throw .tooLarge(estimatedSize: size, limit: maximumSize) }
            let fee = feeRate.fee(forSize: size)
            guard total > fee else { continue }
            let distributable = total - fee
            let each = distributable / UInt64(count)
            guard !DustLimit.isDust(each) else { continue }
            var amounts = Array(repeating: each, count: count)
            amounts[0] += distributable % UInt64(count)
            return PaymentPlan.assemble(
                inputs: inputs, outputs: [], walletOutputs: Array(zip(addresses.prefix(count), amounts)),
                lockTime: lockTimeHeight, fee: fee, amount: distributable, estimatedSize: size, policy: nil)
        }
        let size = TransactionSize.estimate(
            p2pkhInputs: inputs.count, outputCount: 1, outputBytes: TransactionSize.p2pkhOutput)
        throw .belowDust(total: total, fee: feeRate.fee(forSize: size), dustLimit: DustLimit.threshold)
    }
}
