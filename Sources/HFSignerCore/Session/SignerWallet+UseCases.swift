import HFBundles
import HFStore
public import HFWallet

extension SignerWallet {
    /// The fresh receive address, and the receive index moved past it (`address next`).
    public func nextAddress() throws(SignerError) -> DerivedAddress {
        try home.database.transaction { () throws(SignerError) in try book.next() }
    }

    /// Exports an address pack of `count` addresses per chain and scheme to the new file `out`: the pack's reach is
    /// committed first, then the file is written (a failure to write keeps only the recorded reach; export again).
    public func exportAddressPack(count: Int, out: String) throws(SignerError) -> AddressPackExport.Result {
        try CommittedFile.refuseExisting(out)
        let result = try home.database.transaction { () throws(SignerError) in
            try AddressPackExport.make(book: book, count: count)
        }
        try CommittedFile.write(
            result.bundle.encoded(), to: out, mode: 0o644, recovery: "run `hf-signer export addrpack` again")
        return result
    }

    /// Exports the wallet's encrypted `.hfwallet` to the new file `out` (0600): its file key is committed to the
    /// vault first, then the file is written.
    public func exportWalletFile(out: String) throws(SignerError) {
        try CommittedFile.refuseExisting(out)
        let bytes = try home.database.transaction { () throws(SignerError) in
            try WalletFileService.export(book: book, home: home, vault: vault)
        }
        try CommittedFile.write(bytes, to: out, mode: 0o600, recovery: "run `hf-signer export wallet` again")
    }
}

extension SignerWallet {
    /// Payments, splits and pending transactions of this wallet on the session's chain.
    public var spender: SpendService { SpendService(home: home, book: book, chain: chain) }

    /// Sweep keys and their outputs.
    public var sweeps: SweepService { SweepService(home: home, book: book) }

    /// Every output paying a sweep address that the chain confirms.
    public func sweepOutputs() throws(SignerError) -> [SweepOutput] { try sweeps.outputs(on: chain) }

    /// Signs a sweep of every unspent sweep output to the next receive address (nothing kept yet).
    public func signSweep(feeRate: FeeRate) throws(SignerError) -> SweepService.Signed {
        try sweeps.sign(feeRate: feeRate, chain: chain, vault: vault)
    }
}
