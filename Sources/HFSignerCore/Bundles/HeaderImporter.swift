public import HFBundles
public import HFSPV
import HFPrimitives

/// Imports an `.hfheaders` bundle into the header chain (docs/design.md §4, §5): the bundle's checkpoint must be the
/// signer's, the run must be anchored on a validated local header, and the chain validates and commits it.
public enum HeaderImporter {
    /// Imports the `.hfheaders` bytes into `home`'s chain: decode, validate and commit the run, record the fee
    /// quote, then verify again the held receipts the new headers can prove. A reorganisation needs no further
    /// step: which receipts count is derived from the chain (`ChainConfirmation`), so no crash between two steps can
    /// leave a receipt of an orphaned block counted as confirmed.
    public static func importHeaders(
        _ bytes: [UInt8], home: SignerHome, chain: HeaderChain
    ) throws(SignerError) -> HeaderCommit {
        try importHeaders(try decode(bytes, chain: chain), home: home, chain: chain)
    }

    /// Decodes `.hfheaders` bytes for `chain`'s network.
    /// - Throws: `SignerError.bundle` for the decoder's first fault.
    public static func decode(_ bytes: [UInt8], chain: HeaderChain) throws(SignerError) -> HeadersBundle {
        do { return try HeadersBundle(decoding: bytes, expectedNetwork: chain.network) } catch { throw .bundle(error) }
    }

    /// Imports a decoded bundle as ``importHeaders(_:home:chain:)-([UInt8],_,_)`` does.
    public static func importHeaders(
        _ bundle: HeadersBundle, home: SignerHome, chain: HeaderChain
    ) throws(SignerError) -> HeaderCommit {
        let commit = try importHeaders(bundle, into: chain)
        if let quote = bundle.feeQuote {
            try FeePolicy.record(satoshis: quote.satoshis, bytes: quote.bytes, network: chain.network, home: home)
        }
        try ReceiptRecheck.run(home: home, chain: chain)
        return commit
    }

    /// Validates and commits `bundle`.
    ///
    /// - Returns: what the chain changed.
    /// - Throws: `SignerError.rejected` naming the failed check and height; the chain and its store are unchanged.
    static func importHeaders(_ bundle: HeadersBundle, into chain: HeaderChain) throws(SignerError) -> HeaderCommit {
        let checkpoint = chain.checkpoint
        guard Int(bundle.checkpoint.height) == checkpoint.height, bundle.checkpoint.hash == checkpoint.hash else {
            throw .rejected(
                reason: "the bundle is anchored to checkpoint \(bundle.checkpoint.height) "
                    + "\(bundle.checkpoint.hash.displayHex), not this signer's \(checkpoint.height) "
                    + "\(checkpoint.hash.displayHex); export headers from a watcher with the same checkpoint")
        }
        let start = Int(bundle.startHeight)
        guard start > checkpoint.height else {
            throw SignerError(.rejected(.beforeCheckpoint(startHeight: start, checkpointHeight: checkpoint.height)))
        }
        guard let anchor = chain.hash(at: start - 1) else {
            throw SignerError(.rejected(.notAnchored(startHeight: start, validatedTipHeight: chain.validatedTipHeight)))
        }
        let headers: [BlockHeader]
        do { headers = try bundle.blockHeaders(previousHashOfFirst: anchor) } catch {
            throw .rejected(
                reason: "the header at height \(start) does not link to the local header at height \(start - 1): "
                    + "\(error)")
        }
        do { return try chain.commitValidatedRun(startHeight: start, headers: headers) } catch {
            throw SignerError(error)
        }
    }
}
