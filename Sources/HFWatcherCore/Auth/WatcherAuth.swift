import Foundation
public import HFBundles
public import HFNetwork
public import HFPrimitives
import HFProtocols

/// `hf-watcher auth deliver`: posts the signer's `.hfauth` answer to the login service's callback.
public enum WatcherAuth {
    /// Decodes `bytes` as a `.hfauth` of `network`, checks its signature, and POSTs it to its callback.
    ///
    /// - Throws: `WatcherError.rejected` for a malformed bundle, a bad signature, or a service that refuses the
    ///   answer (4xx); `.service` when the callback cannot be reached or fails (5xx).
    public static func deliver(
        _ bytes: [UInt8], network: Network, client: AuthCallbackClient
    ) async throws(WatcherError) -> (bundle: AuthResponseBundle, accepted: AuthCallbackClient.Accepted) {
        let bundle: AuthResponseBundle
        do {
            bundle = try AuthResponseBundle(decoding: bytes, expectedNetwork: network)
            try bundle.verify()
        } catch {
            throw .rejected(reason: "not a valid .hfauth answer: \(error)")
        }
        guard let url = URL(string: bundle.request.callback) else {
            throw .rejected(reason: "the callback is not a URL")
        }
        do {
            return (bundle, try await client.deliver(bundle.encoded(), to: url))
        } catch let error where !(400...499).contains(error.status ?? 0) {
            throw .service(reason: "\(bundle.request.domain) did not take the answer: \(error.description)")
        } catch {
            throw .rejected(reason: "\(bundle.request.domain) refused the answer: \(error.description)")
        }
    }
}

extension NetworkError {
    /// The HTTP status of an `.unexpectedStatus` or `.unauthorized`, else nil.
    var status: Int? {
        switch self {
        case .unexpectedStatus(_, let status, _), .unauthorized(_, let status): status
        default: nil
        }
    }
}
