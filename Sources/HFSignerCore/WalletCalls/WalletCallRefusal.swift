/// Why the signer answers a BRC-100 call with a refusal instead of a result: the code and description that travel
/// back in the `.hfanswer` and reach the application as `{"code","description","status":"error"}`.
public struct WalletCallRefusal: Error, Sendable, Equatable {
    /// The BRC-100 error code, e.g. `WERR_INVALID_PARAMETER`.
    public let code: String
    /// What was wrong, in words.
    public let description: String

    /// A refusal from its parts.
    public init(code: String, description: String) {
        self.code = code
        self.description = description
    }

    /// An argument the method cannot use.
    static func invalidParameter(_ name: String, _ requirement: String) -> WalletCallRefusal {
        WalletCallRefusal(code: "WERR_INVALID_PARAMETER", description: "The \(name) parameter must be \(requirement).")
    }

    /// What hf-airgap does not do.
    static func notOffered(_ what: String) -> WalletCallRefusal {
        WalletCallRefusal(code: "WERR_NOT_IMPLEMENTED", description: what)
    }

    /// The user said no on the signer.
    public static let userRefused = WalletCallRefusal(
        code: "WERR_USER_REFUSED", description: "the user refused the call on the offline signer")
}
