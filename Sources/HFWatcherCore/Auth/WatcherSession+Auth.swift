import HFBundles
import HFNetwork
public import HFPrimitives
import HFProtocols

extension WatcherSession {
    /// What delivering a login answer did (`hf-watcher auth deliver`).
    public struct AuthDelivery: Sendable, Equatable {
        /// The callback the answer was posted to, as the request named it.
        public let callback: String
        /// The login service's domain, as the request named it (untrusted text).
        public let domain: String
        /// The identity key that signed the answer, hex.
        public let identityKey: String
        /// The HTTP status the service answered with (2xx).
        public let status: Int
        /// The service's message (untrusted text).
        public let message: String
    }

    /// Decodes `bytes` (read from `source`; a secret or another kind of bundle is refused by ``WatcherBundleGate``)
    /// as a `.hfauth` answer of `network`, checks its signature, and POSTs it to the callback it
    /// names, with the timeout and attempts of the home's configuration. Needs only the home: no service of the
    /// configuration is used.
    ///
    /// - Throws: `WatcherError.rejected` for a malformed bundle, a bad signature, or a service that refuses the
    ///   answer (4xx); `.service` when the callback cannot be reached or fails (5xx); `.database` when the
    ///   configuration cannot be read.
    public static func deliverAuth(
        _ bytes: [UInt8], source: String, home: WatcherHome, network: Network
    ) async throws(WatcherError) -> AuthDelivery {
        try WatcherBundleGate.admit(bytes, as: .authResponse, source: source)
        let config = try home.config(network: network)
        let client = AuthCallbackClient(
            transport: HTTPTransport(
                configuration: TransportConfiguration(
                    timeout: .seconds(config.networkTimeout),
                    retry: RetryPolicy(maxAttempts: config.networkAttempts))))
        let (bundle, accepted) = try await WatcherAuth.deliver(bytes, network: network, client: client)
        return AuthDelivery(
            callback: bundle.request.callback, domain: bundle.request.domain, identityKey: bundle.identityKeyHex,
            status: accepted.status, message: accepted.message)
    }
}
