/// Why the wallet API refused a call: the HTTP status and the BRC-100 error `code` and `description` of its reply.
/// The codes follow the reference wallet's `WERR_…` names, so applications can branch on them.
public struct WalletAPIRefusal: Error, Sendable, Equatable {
    /// The HTTP status.
    public let status: Int
    /// The error code, e.g. `WERR_INVALID_PARAMETER`.
    public let code: String
    /// What was wrong and what to do, in words.
    public let description: String
    /// The argument at fault, for `WERR_INVALID_PARAMETER` refusals that know it (ts-sdk's `parameter` field).
    public let parameter: String?

    /// A refusal from its parts.
    public init(status: Int, code: String, description: String, parameter: String? = nil) {
        self.status = status
        self.code = code
        self.description = description
        self.parameter = parameter
    }

    /// The numbers ts-sdk gives the wallet errors it knows (`walletErrors` in its `WalletError.ts`; its
    /// `HTTPWalletJSON` reads the number from the body's `code` and rebuilds `WERR_INVALID_PARAMETER` from it).
    /// `WERR_INSUFFICIENT_FUNDS` (7) is left out on purpose: ts-sdk then rebuilds the message from
    /// `totalSatoshisNeeded` and `moreSatoshisNeeded`, which a signer's refusal does not carry, and the
    /// application would show "undefined more satoshis" instead of the signer's sentence.
    static let tsSDKNumbers: [String: Int] = [
        "WERR_INVALID_HMAC": 3, "WERR_INVALID_SIGNATURE": 4, "WERR_INVALID_PARAMETER": 6,
    ]

    /// ts-sdk's number for this refusal's code, or nil when ts-sdk has none (the body's `code` is then the name).
    public var tsSDKNumber: Int? { Self.tsSDKNumbers[code] }

    /// An argument the method cannot use (400).
    public static func invalidParameter(_ name: String, _ requirement: String) -> WalletAPIRefusal {
        WalletAPIRefusal(
            status: 400, code: "WERR_INVALID_PARAMETER", description: "The \(name) parameter must be \(requirement).",
            parameter: name)
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
