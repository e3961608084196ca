public import HFPrimitives
public import HFWallet

/// What a payment is asked to do: make the pay view's outputs (payments, custom scripts, data outputs, B:// uploads),
/// or split one coin.
public enum PaymentOrder: Sendable, Equatable {
    /// `send`: the requested outputs in output order (change follows them); see `PaymentBuilder.plan(outputs:…)`.
    case pay([PaymentOutput])
    /// `split`: the confirmed unspent output at the outpoint into this many outputs at fresh receive addresses.
    case split(OutPoint, into: Int)

    /// Pays `recipients` in order, then an `OP_FALSE OP_RETURN <data>` output when `data` is not nil.
    public static func pay(_ recipients: [PaymentRecipient], data: [UInt8]?) -> PaymentOrder {
        .pay(recipients.map(PaymentOutput.recipient) + (data.map { [.data([$0])] } ?? []))
    }
}

/// A payment planned from the wallet's confirmed coins and not yet signed: what the user reviews.
///
/// Preparing writes nothing. The `.hftx` path is checked here, before the user is asked, so a taken `--out` never
/// costs an approval.
public struct PreparedPayment: Sendable {
    /// What was asked.
    public let order: PaymentOrder
    /// The unsigned transaction, its inputs, fee and the fresh addresses it uses.
    public let plan: PaymentPlan
    /// The rate the fee was computed at (`--fee-rate`, else the latest fee quote, else the standard rate).
    public let feeRate: FeeRate
    /// The new `.hftx` file the kept transaction is written to.
    public let out: String

    /// What the user must see before signing: every output with its owner re-derived from the wallet's keys, the
    /// inputs, the fee, the size, nLockTime, the sighash type and the warnings (`PaymentReview`), built when the
    /// payment is prepared.
    public let review: PaymentReview
}

extension SignerWallet {
    /// Prepares `order` at `feeRate` satoshis per 1000 bytes (nil: the latest fee quote, else the standard rate):
    /// coins are selected from the ledger derived from the chain, change goes to fresh change addresses, and a
    /// transaction over 100 KB is refused here, before any approval. The home's spending policy is checked here
    /// too, so a payment it refuses is never signed (a `PreparedPayment` comes only from here), and the review is
    /// built here, before any approval, under `limits` (`--max-fee`); an output paying one of `others` (the home's
    /// other wallets, ``SignerSession/otherWallets(than:)``) is shown as that wallet's, not as external. Writes
    /// nothing.
    /// - Throws: `SignerError.cannotCreate` when `out` is taken, `.payment` for a payment that cannot be built,
    ///   `.policy(.refused)` for one the spending policy refuses.
    public func preparePayment(
        _ order: PaymentOrder, feeRate satoshisPerKB: UInt64?, out: String, limits: ReviewLimits = .standard,
        others: [PaymentReviewer.OtherWallet] = []
    ) throws(SignerError) -> PreparedPayment {
        try CommittedFile.refuseExisting(out)
        let rate = try FeePolicy.rate(override: satoshisPerKB, network: info.network, home: home)
        let plan =
            switch order {
            case .pay(let outputs): try spender.planPayment(outputs, feeRate: rate)
            case .split(let outpoint, let count): try spender.planSplit(outpoint, into: count, feeRate: rate)
            }
        try policyCheck.check(
            PaymentOutflows(plan.transaction, paying: plan.usedAddresses, network: info.network), fee: plan.fee)
        return PreparedPayment(
            order: order, plan: plan, feeRate: rate, out: out, review: try review(plan, limits: limits, others: others))
    }

    /// Signs a prepared payment with the wallet's keys and verifies every input. Writes nothing.
    public func sign(_ prepared: PreparedPayment) throws(SignerError) -> SignedPayment {
        SignedPayment(signed: try spender.sign(prepared.plan), out: prepared.out)
    }

    /// Keeps a signed payment as pending (its inputs count as spent) and moves the address indexes past the fresh
    /// addresses it used, in one store transaction; then writes its `.hftx` from the stored bytes to the new file.
    /// If writing fails after the commit, `pending export` writes the file again.
    public func keep(_ payment: SignedPayment) throws(SignerError) {
        try spender.commit(payment.signed, out: payment.out)
    }

    /// `keep`, recording in the same store transaction that the BRC-100 call `callID` paid it (a call pays once).
    func keep(_ payment: SignedPayment, answering callID: String) throws(SignerError) {
        try spender.commit(payment.signed, out: payment.out, answering: callID)
    }
}

/// A signed payment, verified input by input, not kept yet.
public struct SignedPayment {
    /// The transaction, its plan and its `.hftx`.
    public let signed: SpendService.Signed
    /// The new `.hftx` file it is written to when kept.
    public let out: String

    /// The txid (display hex); also the pending ID.
    public var txid: String { signed.txid }
    /// The fee in satoshis.
    public var fee: UInt64 { signed.plan.fee }
}
