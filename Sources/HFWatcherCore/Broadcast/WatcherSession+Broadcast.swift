import HFBundles
public import HFPrimitives
import HFSPV

/// `broadcast`: the signer's `.hftx` files, checked and sent through ARC, or previewed without a service.
extension WatcherSession {
    /// Broadcasts the `.hftx` `bytes` (read from `source`): the signer state it carries is checked first (a
    /// state of another identity refuses the file before anything is sent), then the transaction is checked and sent
    /// (``WatcherBroadcast/broadcast(_:services:home:)``), and only then is the state kept.
    ///
    /// - Throws: `WatcherError.rejected` for a malformed bundle, a foreign state, a failing check or ARC's rejection;
    ///   `.service` when every broadcaster failed; `.configuration` without an ARC URL.
    public func broadcast(_ bytes: [UInt8], source: String) async throws(WatcherError) -> WatcherBroadcast.Result {
        let (transaction, state) = try Self.admitted(bytes, source: source, home: home, network: chain.network)
        // The state was checked first (another identity refuses the file before it is sent); it is kept once the
        // transaction was accepted, so a refused file changes nothing.
        let result = try await WatcherBroadcast.broadcast(transaction, services: services, home: home)
        try keep(state)
        return result
    }

    /// What broadcasting the `.hftx` `bytes` (read from `source`) would send, checked as a broadcast checks it,
    /// against the addresses `home` watches on `network`; nothing is sent or kept, and no service is needed.
    ///
    /// - Throws: `WatcherError.rejected` as a broadcast would refuse the bundle or the state it carries.
    public static func previewBroadcast(
        _ bytes: [UInt8], source: String, home: WatcherHome, network: Network
    ) throws(WatcherError) -> BroadcastPreview {
        let (transaction, _) = try admitted(bytes, source: source, home: home, network: network)
        return try BroadcastPreview.of(transaction, home: home, network: network)
    }

    /// The `.hftx` `bytes` of `source`, parsed once: admitted (no secret, no other kind), the signer state it
    /// carries checked (nil for a wallet this watcher does not watch), and the transaction decoded for `network`.
    static func admitted(
        _ bytes: [UInt8], source: String, home: WatcherHome, network: Network
    ) throws(WatcherError) -> (TransactionBundle, SignerState?) {
        guard let parsed = try WatcherBundleGate.admit(bytes, as: .transaction, source: source) else {
            // It does not parse: the decoder says why.
            do { _ = try TransactionBundle(decoding: bytes, expectedNetwork: network) } catch {
                throw .rejected(reason: "\(source): \(error)")
            }
            throw .rejected(reason: "\(source): not a .hftx")
        }
        let state = try SignerStateIntake.check(parsed, network: network, home: home, ignoringUnwatched: true)
        do { return (try TransactionBundle(parsed: parsed, expectedNetwork: network), state) } catch {
            throw .rejected(reason: "\(source): \(error)")
        }
    }
}
