import HFPrimitives
public import HFBundles
import HFStore
public import HFWallet
public import HFProtocols

extension SignerWallet {
    /// The fresh receive address, and the receive index moved past it (`address next`).
    public func nextAddress() throws(SignerError) -> DerivedAddress {
        try home.database.transaction { () throws(SignerError) in try book.next() }
    }

    /// Exports an address pack of `count` addresses per chain and scheme to the new file `out`: the pack's reach is
    /// committed first, then the file is written (a failure to write keeps only the recorded reach; export again).
    public func exportAddressPack(count: Int, out: String) throws(SignerError) -> AddressPackExport.Result {
        try CommittedFile.refuseExisting(out)
        var result = try home.database.transaction { () throws(SignerError) in
            try AddressPackExport.make(book: book, count: count)
        }
        result.bundle.signerState = try state()
        try CommittedFile.write(
            result.bundle.encoded(), to: out, mode: 0o644, recovery: "run `hf-signer export addrpack` again")
        return result
    }

    /// The wallet's signed state now, as every bundle for the watcher carries it (``SignerStateMaker``).
    public func state() throws(SignerError) -> SignerState {
        try SignerStateMaker.make(book: book, chain: chain, home: home)
    }

    /// Writes the wallet's state alone to the new file `out` (`export state`, a `.hfstate`), for when nothing else
    /// crosses to the watcher: its counter (and a new pack's reach, when one is due) is committed first.
    public func exportState(out: String) throws(SignerError) -> SignerState {
        try CommittedFile.refuseExisting(out)
        let state = try state()
        try CommittedFile.write(
            StateBundle(state: state).encoded(), to: out, mode: 0o644, recovery: "run `hf-signer export state` again")
        return state
    }

    /// Exports the wallet's encrypted `.hfwallet` to the new file `out` (0600): its file key is committed to the
    /// vault first, then the file is written.
    public func exportWalletFile(out: String) throws(SignerError) {
        try CommittedFile.refuseExisting(out)
        let bytes = try home.database.transaction { () throws(SignerError) in
            try WalletFileService.export(book: book, home: home, vault: vault, randomSource: randomSource)
        }
        try CommittedFile.write(bytes, to: out, mode: 0o600, recovery: "run `hf-signer export wallet` again")
    }
}

extension SignerWallet {
    /// Payments, splits and pending transactions of this wallet on the session's chain.
    var spender: SpendService { SpendService(home: home, book: book, chain: chain) }

    /// The home's spending policy on the wallet's network and chain.
    public var policyCheck: PolicyCheck { PolicyCheck(home: home, network: info.network, chain: chain, vault: vault.store) }

    /// Sweep keys and their outputs.
    var sweeps: SweepService { SweepService(home: home, book: book) }

    /// Every output paying a sweep address that the chain confirms.
    public func sweepOutputs() throws(SignerError) -> [SweepOutput] { try sweeps.outputs(on: chain) }

    /// Prepares a sweep of every unspent sweep output to the next receive address at `feeRate` satoshis per 1000
    /// bytes (nil: the latest fee quote, else the standard rate), like ``preparePayment(_:feeRate:out:)``: reads no
    /// key, writes nothing, and refuses a taken `out` before the user is asked.
    public func prepareSweep(
        feeRate satoshisPerKB: UInt64?, out: String, limits: ReviewLimits = .standard
    ) throws(SignerError) -> PreparedSweep {
        try CommittedFile.refuseExisting(out)
        let rate = try FeePolicy.rate(override: satoshisPerKB, network: info.network, home: home)
        let sweep = try sweeps.prepare(feeRate: rate, chain: chain)
        // A sweep moves coins into the wallet: its outputs count in no cap, but its fee counts in every one.
        try policyCheck.check(
            PaymentOutflows(sweep.plan.unsigned.transaction, paying: [sweep.destination], network: info.network),
            fee: sweep.fee)
        return PreparedSweep(sweep: sweep, out: out, review: try review(sweep, limits: limits))
    }

    /// Signs a prepared sweep with the stored sweep keys and verifies every input. Writes nothing.
    public func sign(_ prepared: PreparedSweep) throws(SignerError) -> SignedSweep {
        SignedSweep(signed: try sweeps.sign(prepared.sweep, vault: vault), out: prepared.out)
    }

    /// Keeps a signed sweep as pending and moves the receive index, in one store transaction; then writes its
    /// `.hftx` from the stored bytes to the new file (`pending export` writes it again after a failure).
    public func keep(_ sweep: SignedSweep) throws(SignerError) {
        try sweeps.commit(sweep.signed, out: sweep.out, chain: chain)
    }
}

/// A sweep planned and not yet signed, with the `.hftx` path it is written to when kept.
public struct PreparedSweep: Sendable {
    /// The plan: inputs, destination, total and fee.
    public let sweep: SweepService.Prepared
    /// The new `.hftx` file.
    public let out: String
    /// What the user must see before signing (as for payments).
    public let review: PaymentReview
}

/// A signed sweep, verified input by input, not kept yet.
public struct SignedSweep {
    /// The transaction and its `.hftx`.
    public let signed: SweepService.Signed
    /// The new `.hftx` file.
    public let out: String
}

extension SignerWallet {
    /// `count` addresses of `chain` from index `start` (`address list`). Stores nothing.
    public func addresses(chain: KeyChainKind, start: UInt32, count: Int) throws(SignerError) -> [DerivedAddress] {
        try book.list(chain: chain, start: start, count: count)
    }

    /// The first receive address no output has paid yet (`address show`). Stores nothing.
    public func freshReceiveAddress() throws(SignerError) -> DerivedAddress { try book.freshReceive() }

    /// Stores the sweep key `wif` in the vault and writes the `.hfsweep` of the wallet's sweep addresses to `out`.
    public func addSweepKey(wif: String, out: String) throws(SignerError) -> SweepService.Added {
        try sweeps.add(wif: wif, vault: vault, out: out, chain: chain)
    }

    /// The addresses of the stored sweep keys.
    public func sweepAddresses() throws(SignerError) -> [String] { try sweeps.sweepAddresses() }

    /// The signed answer to a login request with the wallet's identity key (`auth approve`, after the person agreed).
    public func approveLogin(_ request: AuthRequest) throws(SignerError) -> AuthResponseBundle {
        try AuthApproval.approve(request, keys: keys)
    }

    /// Writes pending transaction `id` again to the new file `out` (`pending export`).
    /// - Returns: the transaction's txid.
    public func exportPending(_ id: String, out: String) throws(SignerError) -> String {
        try spender.exportPending(id, out: out)
    }

    /// Cancels pending transaction `id`: its inputs become spendable again (`pending cancel`).
    public func cancelPending(_ id: String) throws(SignerError) -> SpendService.Cancellation { try spender.cancel(id) }
}
