public import HFBundles

/// `wallet-api deliver`: the signer's answer, handed to the call waiting in the outbox.
extension WatcherSession {
    /// Delivers the `.hfanswer` `bytes` (read from `source`): the signer state it carries is checked and kept first (a state of another
    /// identity refuses the answer before anything is sent), then the answer goes to the waiting call within the
    /// configured `wallet-api.timeout` (``WalletCallDelivery/deliver(_:session:timeout:)``).
    ///
    /// - Throws: `WatcherError.rejected` (65) for a foreign state or an answer that does not answer a waiting call;
    ///   a secret or another kind of bundle (``WatcherBundleGate``); otherwise as ``WalletCallDelivery/deliver(_:session:timeout:)``.
    public func deliverAnswer(
        _ bytes: [UInt8], source: String
    ) async throws(WatcherError) -> (call: WalletCallBundle, answer: WalletAnswerBundle) {
        try WatcherBundleGate.admit(bytes, as: .walletAnswer, source: source)
        let timeout = try home.config(network: services.network).walletAPITimeout
        // Checked first, kept once the answer was delivered, so a refused answer changes nothing.
        let state = try checkState(carriedBy: bytes)
        let delivered = try await WalletCallDelivery.deliver(bytes, session: self, timeout: timeout)
        try keep(state)
        return delivered
    }
}
