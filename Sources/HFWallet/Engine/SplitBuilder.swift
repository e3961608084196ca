public import HFPrimitives

/// Builds the transaction that splits one UTXO into several equal outputs at fresh wallet addresses (docs/requirements/wallet.md
/// "UTXO Split").
///
/// The UTXO's value minus the fee is divided by the number of outputs; every output gets the quotient and the first
/// also the remainder. The split is refused when the quotient would be dust (`DustLimit`), for a protected or
/// non-P2PKH UTXO, and outside 2…240 outputs. Inputs, sequence and lock time are as for a payment
/// (`PaymentBuilder`); the result is a `PaymentPlan` whose `usedAddresses` are the split's addresses.
public struct SplitBuilder: Sendable {
    /// How many outputs a split may have: 2 to 240.
    public static let outputCountRange = 2...240

    /// The wallet's network; every address must be on it.
    public let network: Network

    /// The rate the fee is computed at.
    public let feeRate: FeeRate

    // MARK: - Initializers

    /// A builder for `network` at `feeRate`.
    public init(network: Network, feeRate: FeeRate = .standard) {
        self.network = network
        self.feeRate = feeRate
    }

    // MARK: - Methods

    /// Plans splitting `utxo` into `count` outputs.
    ///
    /// - Parameters:
    ///   - utxo: the coin to split.
    ///   - count: the number of outputs, 2…240.
    ///   - addresses: fresh wallet addresses, at least `count`; the first `count` are used, in order.
    ///   - lockTimeHeight: the lock time, a block height (the signer's validated tip).
    /// - Throws: `SplitError`.
    public func plan(
        splitting utxo: UTXO, into count: Int, addresses: [DerivedAddress], lockTimeHeight: UInt32
    ) throws(SplitError) -> PaymentPlan {
        guard Self.outputCountRange.contains(count) else { throw .outputCountOutOfRange(count) }
        guard !utxo.isProtected else { throw .protectedOutput(utxo.outpoint) }
        guard utxo.isSelectable else { throw .notP2PKH(utxo.outpoint) }
        guard addresses.count >= count else { throw .notEnoughAddresses(needed: count, given: addresses.count) }
        let used = Array(addresses.prefix(count))
        do {
            try PaymentPlan.checkLockTime(lockTimeHeight)
            try PaymentPlan.checkFreshAddresses(used, network: network)
        } catch {
            throw .invalidRequest(error)
        }
        let size = TransactionSize.estimate(
            p2pkhInputs: 1, outputCount: count, outputBytes: count * TransactionSize.p2pkhOutput)
        let fee = feeRate.fee(forSize: size)
        let distributable = utxo.satoshis > fee ? utxo.satoshis - fee : 0
        let each = distributable / UInt64(count)
        guard !DustLimit.isDust(each) else {
            throw .outputsWouldBeDust(perOutput: each, fee: fee, threshold: DustLimit.threshold)
        }
        var amounts = Array(repeating: each, count: count)
        amounts[0] += distributable % UInt64(count)
        return PaymentPlan.assemble(
            inputs: [utxo], outputs: [], walletOutputs: Array(zip(used, amounts)), lockTime: lockTimeHeight, fee: fee,
            amount: distributable, estimatedSize: size, policy: nil)
    }
}
