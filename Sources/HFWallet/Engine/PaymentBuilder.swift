public import HFPrimitives

/// Builds the unsigned transaction of a payment: recipients, an optional data output, change, fee and lock time.
///
/// Output order: the recipients as given, then the data output (`OP_FALSE OP_RETURN <data>`, 0 satoshis), then the
/// change outputs (none, one, or two under smart change; see `CoinSelector`), each to the next of the fresh change
/// addresses the caller supplies. Every input's sequence is `lockTimeSequence` and the lock time is the height the
/// caller passes (the signer's validated tip height: anti-fee-sniping, seed 004 "Sending"); HFWallet cannot see the
/// header chain, so the façade passes it in (DESIGN §2). Everything, including the 100 KB ceiling, is checked
/// before any signature or approval.
public struct PaymentBuilder: Sendable {
    /// The sequence of every input, 0xFFFFFFFE: below final (0xFFFFFFFF), so nodes enforce the lock time, and the
    /// highest such value, so it opts into nothing else (no relative lock time, no replacement).
    public static let lockTimeSequence: UInt32 = 0xFFFF_FFFE

    /// Lock times from this value on are Unix times, below it block heights: 500,000,000.
    public static let lockTimeThreshold: UInt32 = 500_000_000

    /// The wallet's network; every address must be on it.
    public let network: Network

    /// The coin selector (fee rate and size ceiling).
    public let selector: CoinSelector

    // MARK: - Initializers

    /// A builder for `network` at `feeRate`, refusing transactions above `maximumSize` bytes.
    public init(
        network: Network, feeRate: FeeRate = .standard, maximumSize: Int = CoinSelector.maximumTransactionSize
    ) {
        self.network = network
        selector = CoinSelector(feeRate: feeRate, maximumSize: maximumSize)
    }

    // MARK: - Methods

    /// Plans a payment.
    ///
    /// - Parameters:
    ///   - recipients: the payments, in output order; each at least 1 satoshi.
    ///   - data: bytes for an `OP_FALSE OP_RETURN <data>` output, or nil for none.
    ///   - utxos: the wallet's UTXOs (`UTXOSet.utxos`); protected ones are never spent.
    ///   - changeAddresses: fresh addresses of the change chain, in the order to use them; two always suffice.
    ///   - lockTimeHeight: the lock time, a block height (the signer's validated tip).
    ///   - policy: the selection policy; by default chosen from `utxos`.
    /// - Returns: the unsigned plan; sign it with `PaymentPlan.signed(keys:)`.
    /// - Throws: `PaymentError`; `.selection` wraps insufficient funds, no spendable coins and the size ceiling.
    public func plan(
        paying recipients: [PaymentRecipient], data: [UInt8]? = nil, from utxos: [UTXO],
        changeAddresses: [DerivedAddress], lockTimeHeight: UInt32, policy: SelectionPolicy? = nil
    ) throws(PaymentError) -> PaymentPlan {
        let outputs = try requestedOutputs(recipients, data: data)
        try PaymentPlan.checkLockTime(lockTimeHeight)
        try PaymentPlan.checkFreshAddresses(changeAddresses, network: network)
        for entry in changeAddresses where entry.chain != .change {
            throw .changeAddressNotOnChangeChain(reference: entry.reference)
        }
        let selection: CoinSelection
        do {
            selection = try selector.select(from: utxos, paying: outputs, policy: policy)
        } catch {
            throw .selection(error)
        }
        guard changeAddresses.count >= selection.change.count else {
            throw .notEnoughChangeAddresses(needed: selection.change.count, given: changeAddresses.count)
        }
        let change = Array(zip(changeAddresses, selection.change))
        return PaymentPlan.assemble(
            inputs: selection.inputs, outputs: outputs, walletOutputs: change, lockTime: lockTimeHeight,
            fee: selection.fee, amount: selection.paymentSatoshis, estimatedSize: selection.estimatedSize,
            policy: selection.policy)
    }

    /// The recipients' P2PKH outputs and the data output, checked.
    private func requestedOutputs(_ recipients: [PaymentRecipient], data: [UInt8]?) throws(PaymentError)
        -> [TransactionOutput]
    {
        guard !recipients.isEmpty || data != nil else { throw .noOutputs }
        var outputs: [TransactionOutput] = []
        var total: UInt64 = 0
        for (index, recipient) in recipients.enumerated() {
            guard recipient.address.network == network else {
                throw .wrongNetwork(address: recipient.address.string, expected: network)
            }
            guard recipient.satoshis > 0 else { throw .zeroAmount(index: index) }
            total += min(recipient.satoshis, Amount.maxMoney + 1)
            guard total <= Amount.maxMoney,
                let output = try? TransactionOutput(
                    satoshis: recipient.satoshis, lockingScript: Script(p2pkhPaying: recipient.address))
            else { throw .amountTooLarge(index: index) }
            outputs.append(output)
        }
        if let data {
            guard !data.isEmpty else { throw .emptyData }
            outputs.append(TransactionOutput(amount: .zero, lockingScript: Script(dataOutput: [data])))
        }
        return outputs
    }
}
