/// Why the wallet API refused a call: the HTTP status and the BRC-100 error `code` and `description` of its reply.
/// The codes follow the reference wallet's `WERR_…` names, so applications can branch on them.
public struct WalletAPIRefusal: Error, Sendable, Equatable {
    /// The HTTP status.
    public let status: Int
    /// The error code, e.g. `WERR_INVALID_PARAMETER`.
    public let code: String
    /// What was wrong and what to do, in words.
    public let description: String

    /// A refusal from its parts.
    public init(status: Int, code: String, description: String) {
        self.status = status
        self.code = code
        self.description = description
    }

    /// An argument the method cannot use (400).
    public static func invalidParameter(_ name: String, _ requirement: String) -> WalletAPIRefusal {
        WalletAPIRefusal(
            status: 400, code: "WERR_INVALID_PARAMETER", description: "The \(name) parameter must be \(requirement).")
    }

    /// A request that is not a wallet call at all (400): not a POST, a body that is not a JSON object.
    public static func badRequest(_ reason: String) -> WalletAPIRefusal {
        WalletAPIRefusal(status: 400, code: "WERR_BAD_REQUEST", description: reason)
    }

    /// A caller the wallet will not serve (403): no originator it can show, a Host that is not loopback.
    public static func unauthorized(_ reason: String) -> WalletAPIRefusal {
        WalletAPIRefusal(status: 403, code: "WERR_UNAUTHORIZED", description: reason)
    }

    /// A method hf-airgap does not offer (404).
    public static func notImplemented(_ method: String) -> WalletAPIRefusal {
        WalletAPIRefusal(
            status: 404, code: "WERR_NOT_IMPLEMENTED",
            description: "hf-airgap's wallet does not offer \(method); see hf-watcher(1), WALLET API, for the methods")
    }

    /// The watcher could not answer (500): its home, chain or outbox failed.
    public static func internalError(_ reason: String) -> WalletAPIRefusal {
        WalletAPIRefusal(status: 500, code: "WERR_INTERNAL", description: reason)
    }

    /// No answer came back from the signer in time (504).
    public static func timedOut(callID: String, seconds: Int) -> WalletAPIRefusal {
        WalletAPIRefusal(
            status: 504, code: "WERR_TIMEOUT",
            description: "the signer's answer to call \(callID) did not arrive within \(seconds) seconds "
                + "(wallet-api.timeout); the call was withdrawn, call again")
    }
}
