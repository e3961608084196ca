public import HFPrimitives
public import HFWallet

/// Builds the review of a transaction: each output classified (`ScriptClassification`) and its owner re-derived
/// (`OutputOwnership`), the inputs summed with their confirmation heights, the fee and its rate, and the warnings
/// under `limits`. One reviewer serves `send`, `send --request`, `split`, `sweep spend` and `bundle inspect`.
public struct PaymentReviewer: Sendable {
    /// What is reviewed.
    public struct Subject: Sendable {
        /// The transaction (unsigned before signing, signed for a `.hftx`).
        public let transaction: Transaction
        /// The outputs its inputs spend, in input order.
        public let sources: [TransactionOutput]
        /// The confirmation height of each input's coin, when known.
        public let heights: [Int?]
        /// The size to show and rate the fee by (the estimate before signing, else the serialized size).
        public let size: Int
        /// The outputs the user asked to pay to someone (recipients, a request's outputs): one of these paying this
        /// wallet's own address is warned about. Empty for a `.hftx`, where nobody asked.
        public let requested: Set<Int>
        /// The sighash types of the signatures (before signing: what the signer uses).
        public let sighashes: [SighashType]

        /// A subject; `sources` and `heights` have one entry per input.
        public init(
            transaction: Transaction, sources: [TransactionOutput], heights: [Int?], size: Int, requested: Set<Int>,
            sighashes: [SighashType] = [.allForkID]
        ) {
            precondition(sources.count == transaction.inputs.count && heights.count == sources.count,
                "a review needs one source output and one height per input")
            self.transaction = transaction
            self.sources = sources
            self.heights = heights
            self.size = size
            self.requested = requested
            self.sighashes = sighashes
        }
    }

    /// Another wallet of the same home whose addresses the review names as its own (owner `wallet`).
    public struct OtherWallet: Sendable {
        /// Its ID.
        public let walletID: String
        /// Its ownership test (its addresses re-derived from its keys).
        public let ownership: OutputOwnership

        /// The wallet `walletID` with its ownership test.
        public init(walletID: String, ownership: OutputOwnership) {
            self.walletID = walletID
            self.ownership = ownership
        }
    }

    /// The wallet's ownership test.
    public let ownership: OutputOwnership
    /// Other wallets of the home an output may pay (`wallet move`'s destination); checked after this wallet.
    public let others: [OtherWallet]
    /// The network addresses are shown on.
    public let network: Network
    /// The warning thresholds.
    public let limits: ReviewLimits

    /// A reviewer for one wallet, naming the addresses of `others` as theirs.
    public init(ownership: OutputOwnership, network: Network, limits: ReviewLimits, others: [OtherWallet] = []) {
        self.ownership = ownership
        self.others = others
        self.network = network
        self.limits = limits
    }

    /// The review of `subject`.
    public func review(_ subject: Subject) -> PaymentReview {
        let transaction = subject.transaction
        var warnings: [ReviewWarning] = []
        var paid: Set<Address> = []
        let outputs = transaction.outputs.enumerated().map { index, output in
            let reviewed = reviewOutput(index, output)
            warnings += outputWarnings(reviewed, bytes: output.lockingScript.count, requested: subject.requested)
            if let warning = Self.unlockedWarning(index, output) { warnings.append(warning) }
            if reviewed.owner == .external || subject.requested.contains(index), let address = reviewed.address,
                !paid.insert(address).inserted
            {
                warnings.append(ReviewWarning(
                    code: .duplicateRecipient, output: index,
                    message: "output \(index) pays \(address) again: this payment pays the same address more than "
                        + "once; check that this is meant"))
            }
            return reviewed
        }
        let inputTotal = subject.sources.reduce(0) { $0 + $1.satoshis }
        let outputTotal = transaction.outputs.reduce(0) { $0 + $1.satoshis }
        let fee = inputTotal >= outputTotal ? inputTotal - outputTotal : 0
        let known = subject.heights.compactMap { $0 }
        let inputs = ReviewedInputs(
            count: subject.sources.count, satoshis: inputTotal, oldestHeight: known.min(),
            youngestHeight: known.max())
        let external = outputs.filter { $0.owner == .external }.reduce(0) { $0 + $1.satoshis }
        warnings += feeWarnings(fee: fee, leaving: external, inputs: inputTotal)
        for (index, source) in subject.sources.enumerated() where source.satoshis == 1 {
            let outpoint = transaction.inputs[index].previousOutput
            warnings.append(ReviewWarning(
                code: .oneSatoshiInput, output: nil,
                message: "input \(index) spends the 1-satoshi output \(outpoint), which may hold an ordinal "
                    + "inscription; coin selection never does this"))
        }
        var sighashNames: [String] = []
        for name in subject.sighashes.map(\.name) where !sighashNames.contains(name) { sighashNames.append(name) }
        return PaymentReview(
            outputs: outputs, inputs: inputs, fee: fee, feeRate: FeeDensity.satoshisPerKB(fee: fee, size: subject.size),
            size: subject.size, nLockTime: transaction.lockTime,
            sighash: sighashNames.joined(separator: ","), warnings: warnings)
    }

    // MARK: - Private

    /// The opcodes that check a signature: an output whose script has none of them is locked by no key.
    private static let signatureChecks: Set<UInt8> = [0xac, 0xad, 0xae, 0xaf]

    /// A warning for an output that carries satoshis but whose script checks no signature and does not end in
    /// `OP_RETURN`: anyone who sees the transaction can spend it (`OP_1`, an empty script, a bare push).
    static func unlockedWarning(_ index: Int, _ output: TransactionOutput) -> ReviewWarning? {
        guard output.satoshis > 0, let operations = try? output.lockingScript.operations() else { return nil }
        for operation in operations {
            switch operation {
            case .opcode(let opcode):
                if signatureChecks.contains(opcode.rawValue) || opcode == .return { return nil }
            case .trailingData: return nil
            case .push: continue
            }
        }
        return ReviewWarning(
            code: .unlockedOutput, output: index,
            message: "output \(index) of \(AmountText.bsv(output.satoshis)) is locked by no signature: anyone who "
                + "sees the transaction can take it")
    }

    private func reviewOutput(_ index: Int, _ output: TransactionOutput) -> ReviewedOutput {
        let script = ScriptClassification(output.lockingScript)
        guard let address = output.lockingScript.p2pkhAddress(network: network) else {
            return ReviewedOutput(
                index: index, script: script, address: nil, satoshis: output.satoshis, owner: .external,
                derivation: nil, walletID: nil)
        }
        let derivation = ownership.derivation(of: address)
        let owner: ReviewedOutput.Owner =
            switch derivation?.chain {
            case .change?: .change
            case .receive?: .receive
            case nil: .external
            }
        if derivation == nil {
            for other in others {
                guard let theirs = other.ownership.derivation(of: address) else { continue }
                return ReviewedOutput(
                    index: index, script: script, address: address, satoshis: output.satoshis, owner: .wallet,
                    derivation: theirs, walletID: other.walletID)
            }
        }
        return ReviewedOutput(
            index: index, script: script, address: address, satoshis: output.satoshis, owner: owner,
            derivation: derivation, walletID: nil)
    }

    private func outputWarnings(_ output: ReviewedOutput, bytes: Int, requested: Set<Int>) -> [ReviewWarning] {
        var warnings: [ReviewWarning] = []
        if requested.contains(output.index), output.owner != .wallet, let derivation = output.derivation,
            let address = output.address
        {
            warnings.append(ReviewWarning(
                code: .ownAddressAsExternal, output: output.index,
                message: "output \(output.index) pays \(address), this wallet's own \(output.owner.rawValue) "
                    + "address (\(derivation.scheme.rawValue) \(derivation.reference)), as if to someone else: "
                    + "the coins stay in this wallet"))
        }
        if case .nonstandard(let reason) = output.script {
            warnings.append(ReviewWarning(
                code: .nonstandardScript, output: output.index,
                message: "output \(output.index) has a nonstandard script (\(reason)); it may be unspendable "
                    + "or refused by the network"))
        }
        if output.kind == .data || output.kind == .bcat, bytes > ReviewLimits.largeDataBytes {
            warnings.append(ReviewWarning(
                code: .largeDataOutput, output: output.index,
                message: "output \(output.index) carries a \(bytes)-byte data script, above 1 KB "
                    + "(\(ReviewLimits.largeDataBytes) bytes); every byte costs fee"))
        }
        return warnings
    }

    /// The fee warnings: above `feeSharePercent` of what leaves the wallet (the external outputs; when nothing
    /// leaves, the inputs moved), and above the absolute cap.
    private func feeWarnings(fee: UInt64, leaving external: UInt64, inputs: UInt64) -> [ReviewWarning] {
        var warnings: [ReviewWarning] = []
        let base = external > 0 ? external : inputs
        let what = external > 0 ? "the \(AmountText.bsv(base)) that leave the wallet" : "the \(AmountText.bsv(base)) moved"
        if fee.multipliedReportingOverflow(by: 100).partialValue > base.multipliedReportingOverflow(
            by: ReviewLimits.feeSharePercent).partialValue
        {
            warnings.append(ReviewWarning(
                code: .feeAboveShare, output: nil,
                message: "the fee of \(AmountText.bsv(fee)) is above \(ReviewLimits.feeSharePercent)% of \(what)"))
        }
        if fee > limits.maxFee {
            warnings.append(ReviewWarning(
                code: .feeAboveCap, output: nil,
                message: "the fee of \(AmountText.bsv(fee)) is above the cap of \(AmountText.bsv(limits.maxFee)) (--max-fee)"))
        }
        return warnings
    }
}
