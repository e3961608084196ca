public import HFBundles
import HFPrimitives

/// `wallet-api deliver`: the signer's answer handed to the request waiting for it. An answered `createAction` is
/// broadcast first (its `.hftx` travels inside the answer) and its Atomic BEEF built from the watcher's own verified
/// proofs, so the application receives `{"txid","tx":[Atomic BEEF]}`; nothing is delivered when the broadcast fails.
public enum WalletCallDelivery {
    /// Delivers `bytes` (a `.hfanswer`) through `session`'s outbox.
    /// - Throws: `WatcherError.rejected` (65) for an answer that does not answer a waiting call, a createAction
    ///   result whose transaction does not match, ARC's rejection; `.service` (75) when every broadcaster fails.
    public static func deliver(
        _ bytes: [UInt8], session: WatcherSession
    ) async throws(WatcherError) -> (WalletCallBundle, WalletAnswerBundle) {
        let network = session.services.network
        let outbox = WalletCallOutbox(homePath: session.home.path)
        let (call, answer) = try outbox.verify(bytes, network: network)
        guard call.method == .createAction, case .result(let result) = answer.outcome else {
            try outbox.place(bytes, for: call)
            return (call, answer)
        }
        guard case .string(let encoded)? = result["hftx"], let hftx = try? Base64.decode(encoded),
            let bundle = try? TransactionBundle(decoding: hftx, expectedNetwork: network),
            result["txid"] == .string(bundle.txid.displayHex)
        else { throw .rejected(reason: "the createAction answer carries no transaction matching its txid") }
        _ = try await WatcherBroadcast.broadcast(bundle, services: session.services)
        let beef = try await BeefExport(session).atomicBeef(of: bundle.txid)
        try outbox.place(bytes, for: call, beef: beef.serialized)
        return (call, answer)
    }
}
