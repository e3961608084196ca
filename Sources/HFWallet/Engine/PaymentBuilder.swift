public import HFPrimitives

/// Builds the unsigned transaction of a payment: the requested outputs (payments, custom scripts, data outputs, B://
/// uploads; `PaymentOutput`), change, fee and lock time.
///
/// Output order: the requested outputs as given, then the change outputs (none, one, or two under smart change; see `CoinSelector`), each to the next of the fresh change
/// addresses the caller supplies. Every input's sequence is `lockTimeSequence` and the lock time is the height the
/// caller passes (the signer's validated tip height: anti-fee-sniping, docs/requirements/wallet.md "Sending"); HFWallet cannot see the
/// header chain, so the façade passes it in (docs/design.md §2). Everything, including the 100 KB ceiling, is checked
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

    /// Plans a payment of `outputs`.
    ///
    /// Payments (`.recipient`, `.script`) carry at least 1 satoshi; data outputs and uploads carry 0 and at least
    /// one byte in each push; a custom script must parse and must not be a data output. A transaction with only data
    /// outputs or uploads is allowed: the change pays the fee.
    ///
    /// - Parameters:
    ///   - outputs: the requested outputs, in output order; at least one.
    ///   - utxos: the wallet's UTXOs (`UTXOSet.utxos`); protected ones are never spent.
    ///   - changeAddresses: fresh addresses of the change chain, in the order to use them; two always suffice.
    ///   - lockTimeHeight: the lock time, a block height (the signer's validated tip).
    ///   - policy: the selection policy; by default chosen from `utxos`.
    /// - Returns: the unsigned plan; sign it with `PaymentPlan.signed(keys:)`.
    /// - Throws: `PaymentError`; `.selection` wraps insufficient funds, no spendable coins and the size ceiling.
    public func plan(
        outputs requested: [PaymentOutput], from utxos: [UTXO], changeAddresses: [DerivedAddress],
        lockTimeHeight: UInt32, policy: SelectionPolicy? = nil
    ) throws(PaymentError) -> PaymentPlan {
        let outputs = try requestedOutputs(requested)
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

    /// Plans a payment to `recipients` with at most one data push beside them: `plan(outputs:…)` of the
    /// recipients, then `.data([data])` when `data` is not nil.
    public func plan(
        paying recipients: [PaymentRecipient], data: [UInt8]? = nil, from utxos: [UTXO],
        changeAddresses: [DerivedAddress], lockTimeHeight: UInt32, policy: SelectionPolicy? = nil
    ) throws(PaymentError) -> PaymentPlan {
        try plan(
            outputs: recipients.map(PaymentOutput.recipient) + (data.map { [.data([$0])] } ?? []), from: utxos,
            changeAddresses: changeAddresses, lockTimeHeight: lockTimeHeight, policy: policy)
    }

    /// The requested outputs as transaction outputs, checked in order (the first failure is the error).
    private func requestedOutputs(_ requested: [PaymentOutput]) throws(PaymentError) -> [TransactionOutput] {
        guard !requested.isEmpty else { throw .noOutputs }
        var outputs: [TransactionOutput] = []
        var total: UInt64 = 0
        for (index, output) in requested.enumerated() {
            try check(output, index: index)
            total += min(output.satoshis, Amount.maxMoney + 1)
            guard total <= Amount.maxMoney,
                let transactionOutput = try? TransactionOutput(
                    satoshis: output.satoshis, lockingScript: output.lockingScript)
            else { throw .amountTooLarge(index: index) }
            outputs.append(transactionOutput)
        }
        return outputs
    }

    /// Checks one requested output (`plan(outputs:…)` lists the rules).
    private func check(_ output: PaymentOutput, index: Int) throws(PaymentError) {
        switch output {
        case .recipient(let recipient):
            guard recipient.address.network == network else {
                throw .wrongNetwork(address: recipient.address.string, expected: network)
            }
            guard recipient.satoshis > 0 else { throw .zeroAmount(index: index) }
        case .script(let script, let satoshis):
            do { _ = try script.operations() } catch { throw .unparsableScript(index: index, error) }
            guard !script.isDataOutput else { throw .scriptIsDataOutput(index: index) }
            guard satoshis > 0 else { throw .zeroAmount(index: index) }
        case .data(let pushes):
            guard !pushes.isEmpty, pushes.allSatisfy({ !$0.isEmpty }) else { throw .emptyData }
        case .upload(let file):
            guard !file.data.isEmpty else { throw .emptyUpload(filename: file.filename) }
        }
    }
}
