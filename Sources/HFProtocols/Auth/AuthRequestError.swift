/// Why a text is not an acceptable `hfauth:` payload.
public enum AuthRequestError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Longer than `AuthRequest.maxPayloadBytes`, or a byte outside printable ASCII.
    case badText
    /// It does not start with `hfauth:?`.
    case wrongScheme
    /// A parameter is not `key=value`, is named twice, or is not one of `v`, `challenge`, `domain`, `callback`.
    case badParameter(String)
    /// A required parameter is missing.
    case missingParameter(String)
    /// `v` is not `1`.
    case unsupportedVersion
    /// The challenge is not unpadded base64url of 16…64 bytes.
    case badChallenge
    /// The domain is not a lower-case DNS name (or `localhost` / `127.0.0.1`).
    case badDomain
    /// The callback is not an absolute `https` URL (plain `http` only on a loopback host) without user
    /// information, query or fragment, at most 1024 bytes.
    case badCallback
    /// The callback's host is not the domain.
    case domainMismatch

    /// A sentence for the user.
    public var description: String {
        switch self {
        case .badText: "an hfauth payload is printable ASCII of at most \(AuthRequest.maxPayloadBytes) bytes"
        case .wrongScheme: "not an hfauth payload: it must start with 'hfauth:?'"
        case .badParameter(let name): "the hfauth parameter '\(name.prefix(32))' is malformed, repeated or unknown"
        case .missingParameter(let name): "the hfauth payload has no '\(name)' parameter"
        case .unsupportedVersion: "the hfauth payload has a version other than v=1"
        case .badChallenge: "the hfauth challenge must be unpadded base64url of 16 to 64 bytes"
        case .badDomain: "the hfauth domain must be a host name such as example.com"
        case .badCallback:
            "the hfauth callback must be an https URL (plain http only on 127.0.0.1 or localhost), at most 1024 bytes, "
                + "without user information, query or fragment"
        case .domainMismatch: "the hfauth callback's host is not the domain it names; refusing"
        }
    }
}
