public import HFBundles
import HFPrimitives
import HFWallet

extension SignerWallet {
    /// The reviewer of this wallet under `limits`: its owners are derived again from the wallet's keys (and those
    /// of `others`, other wallets of the home, from theirs).
    public func reviewer(
        limits: ReviewLimits, others: [PaymentReviewer.OtherWallet] = []
    ) throws(SignerError) -> PaymentReviewer {
        PaymentReviewer(
            ownership: try OutputOwnership(book: book), network: info.network, limits: limits, others: others)
    }

    /// The review of a planned payment or split, before signing: the outputs the plan does not pay to the wallet's
    /// own fresh addresses are the requested ones (a recipient that is the wallet's own address is warned about);
    /// the inputs' heights are those of the confirmed coins the ledger derived from the chain.
    func review(
        _ plan: PaymentPlan, limits: ReviewLimits, others: [PaymentReviewer.OtherWallet] = []
    ) throws(SignerError) -> PaymentReview {
        let requested = Set(plan.transaction.outputs.indices).subtracting(plan.walletOutputIndices)
        return try reviewer(limits: limits, others: others).review(PaymentReviewer.Subject(
            transaction: plan.transaction, sources: plan.sourceOutputs, heights: plan.inputs.map(\.height),
            size: plan.estimatedSize, requested: requested))
    }

    /// The review of a planned sweep, before signing (nothing was requested: the coins come to this wallet).
    func review(_ sweep: SweepService.Prepared, limits: ReviewLimits) throws(SignerError) -> PaymentReview {
        try reviewer(limits: limits).review(PaymentReviewer.Subject(
            transaction: sweep.plan.unsigned.transaction, sources: sweep.plan.unsigned.sourceOutputs,
            heights: sweep.inputs.map(\.height), size: sweep.plan.estimatedSize, requested: []))
    }

    /// The review of the `.hftx` file's `bytes` (decoded and validated first), as ``review(_:limits:)-(TransactionBundle,_)``.
    /// - Throws: `SignerError.rejected` when the bytes are not a valid `.hftx`, or as the review of the bundle.
    public func review(
        hftx bytes: [UInt8], limits: ReviewLimits, others: [PaymentReviewer.OtherWallet] = []
    ) throws(SignerError) -> PaymentReview {
        let bundle: TransactionBundle
        do { bundle = try TransactionBundle(decoding: bytes, expectedNetwork: nil) } catch {
            throw .rejected(reason: "not a valid .hftx: \(error)")
        }
        return try review(bundle, limits: limits, others: others)
    }

    /// The review of a signed `.hftx` (`bundle inspect`): owners re-derived from this wallet's keys (a change
    /// output swapped for a foreign address shows `external`), input heights from the ledger (nil for a coin the
    /// ledger does not hold), the signed size, and the sighash types of its P2PKH signatures; an output paying one
    /// of `others` (other wallets of the home) shows owner `wallet` with its ID.
    /// - Throws: `SignerError.rejected` when the bundle is for another network or its transaction does not parse.
    public func review(
        _ bundle: TransactionBundle, limits: ReviewLimits, others: [PaymentReviewer.OtherWallet] = []
    ) throws(SignerError) -> PaymentReview {
        guard bundle.network == info.network else {
            throw .rejected(reason: "the .hftx is for \(bundle.network.rawValue) but the wallet is on "
                + "\(info.network.rawValue); give --network \(bundle.network.rawValue)")
        }
        let transaction: Transaction
        do { transaction = try Transaction(bytes: bundle.rawTx) } catch {
            throw .rejected(reason: "the .hftx's transaction does not parse: \(error)")
        }
        let sources = bundle.inputs.map {
            TransactionOutput(amount: $0.satoshis, lockingScript: Script(bytes: $0.lockingScript))
        }
        guard sources.count == transaction.inputs.count else {
            throw .rejected(reason: "the .hftx lists \(sources.count) previous outputs for "
                + "\(transaction.inputs.count) inputs")
        }
        let heights = Dictionary(
            try ledger().transactions.map { ($0.txid, $0.state.height) }, uniquingKeysWith: { first, _ in first })
        let sighashes = transaction.inputs.compactMap { input -> SighashType? in
            guard let unlocking = P2PKHUnlockingScript(script: input.unlockingScript),
                let byte = unlocking.signature.last
            else { return nil }
            return SighashType(rawValue: UInt32(byte))
        }
        return try reviewer(limits: limits, others: others).review(PaymentReviewer.Subject(
            transaction: transaction, sources: sources,
            heights: transaction.inputs.map { heights[$0.previousOutput.txid] ?? nil },
            size: bundle.rawTx.count, requested: [], sighashes: sighashes))
    }
}
