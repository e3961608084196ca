import HFPrimitives
import HFSPV
import HFWallet

extension SignerSession {
    /// Prepares `wallet move`: every confirmed spendable coin of the wallet `from` names, to fresh receive addresses
    /// of the wallet `to` names (both IDs or prefixes of 8+ hex digits, on the session's network), split into a few
    /// outputs (`MoveBuilder`). Protected outputs (1 satoshi, inscriptions) stay and are counted. The spending
    /// policy applies as to any payment: every output leaves the source wallet. The review names each output's
    /// owner as the destination wallet (`wallet`, re-derived from its keys). Writes nothing.
    /// - Throws: `SignerError.cannotCreate` when `out` is taken; `.rejected` for the same wallet twice, an unknown
    ///   ID or one of another network; `.move` when there is nothing to move (or it cannot be built);
    ///   `.policy(.refused)` when the spending policy refuses it.
    public func prepareMove(
        from: WalletSelection, to: WalletSelection, feeRate satoshisPerKB: UInt64?, out: String,
        limits: ReviewLimits = .standard, secrets: any SignerSecrets
    ) throws(SignerError) -> PreparedMove {
        try CommittedFile.refuseExisting(out)
        let source = try moveWallet(from, option: "--from", secrets: secrets)
        let destination = try moveWallet(to, option: "--to", secrets: secrets)
        guard source.info.walletID != destination.info.walletID else {
            throw .rejected(reason: "--from and --to both name wallet \(source.info.walletID); a move goes to another "
                + "wallet of this home")
        }
        let rate = try FeePolicy.rate(override: satoshisPerKB, network: network, home: home)
        let utxos = try source.ledger().utxos
        let book = destination.book
        let start = UInt32(try book.nextIndex(book.scheme, .receive))
        let addresses = try book.list(chain: .receive, start: start, count: MoveBuilder.maximumOutputs)
        let plan: PaymentPlan
        do {
            plan = try MoveBuilder(network: network, feeRate: rate).plan(
                moving: utxos.utxos, to: addresses, lockTimeHeight: UInt32(source.chain.validatedTipHeight))
        } catch { throw .move(error) }
        try source.policyCheck.check(PaymentOutflows(plan.transaction, paying: [], network: network), fee: plan.fee)
        let other = PaymentReviewer.OtherWallet(
            walletID: destination.info.walletID, ownership: try OutputOwnership(book: book))
        return PreparedMove(
            source: source.info, destination: destination.info, plan: plan, feeRate: rate, out: out,
            review: try source.review(plan, limits: limits, others: [other]), protectedCount: utxos.protectedCount,
            protectedSatoshis: utxos.protectedSatoshis, sourceConfirmed: utxos.confirmedSatoshis,
            sourceWallet: source, destinationWallet: destination)
    }

    /// Signs a prepared move with the source wallet's keys and verifies every input. Writes nothing.
    public func sign(_ move: PreparedMove) throws(SignerError) -> SignedPayment {
        SignedPayment(signed: try move.sourceWallet.spender.sign(move.plan), out: move.out)
    }

    /// Keeps a signed move as the source wallet's pending transaction (its inputs count as spent, its outputs as
    /// outflows in the spending policy's window) and raises the destination wallet's receive index past the
    /// addresses it pays, in one store transaction; then writes its `.hftx` from the stored bytes to the new file.
    /// If writing fails after the commit, `pending export --wallet FROM` writes the file again.
    public func keep(_ payment: SignedPayment, moving move: PreparedMove) throws(SignerError) {
        let source = move.sourceWallet
        try PendingTransaction.keep(
            payment.signed.transaction, bundle: payment.signed.bundle, usedAddresses: payment.signed.plan.usedAddresses,
            home: home, book: source.book, chain: source.chain, out: payment.out,
            movingTo: move.destinationWallet.book)
    }

    /// Opens the wallet a move's `option` names; an ID that names a wallet of another network is refused as such.
    private func moveWallet(
        _ selection: WalletSelection, option: String, secrets: any SignerSecrets
    ) throws(SignerError) -> SignerWallet {
        do {
            return try openWallet(selection, secrets: secrets)
        } catch {
            guard case .rejected(let reason) = error, case .id(let text) = selection else { throw error }
            for other in Network.allCases where other != network {
                guard let found = try? SignerWallets(home: home, network: other).select(selection) else { continue }
                throw .rejected(reason: "\(option) \(text) is wallet \(found.walletID) on \(other.rawValue), not on "
                    + "\(network.rawValue): a move stays on one network")
            }
            throw .rejected(reason: "\(option): \(reason)")
        }
    }
}
