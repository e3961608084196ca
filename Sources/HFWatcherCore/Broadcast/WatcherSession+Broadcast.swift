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
        try WatcherBundleGate.admit(bytes, as: .transaction, source: source)
        // Checked first (another identity refuses the file before it is sent), kept once the transaction was
        // accepted, so a refused file changes nothing.
        let state = try checkState(carriedBy: bytes)
        let result = try await WatcherBroadcast.broadcast(
            try Self.transaction(bytes, source: source, network: chain.network), services: services, home: home)
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
        try WatcherBundleGate.admit(bytes, as: .transaction, source: source)
        _ = try SignerStateIntake.check(bytes, network: network, home: home, ignoringUnwatched: true)
        return try BroadcastPreview.of(
            try transaction(bytes, source: source, network: network), home: home, network: network)
    }

    /// The `.hftx` `bytes` of `source`, decoded for `network`.
    static func transaction(
        _ bytes: [UInt8], source: String, network: Network
    ) throws(WatcherError) -> TransactionBundle {
        do { return try TransactionBundle(decoding: bytes, expectedNetwork: network) } catch {
            throw .rejected(reason: "\(source): \(error)")
        }
    }
}
