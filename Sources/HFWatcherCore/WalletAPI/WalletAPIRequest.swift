import Foundation
public import HFBundles

/// One HTTP request to the wallet API, as the server received it, before any check.
public struct WalletAPIRequest: Sendable {
    /// The HTTP method (only `POST` is served).
    public let httpMethod: String
    /// The path, `/<BRC-100 method>`.
    public let path: String
    /// The `Host` header, if sent.
    public let host: String?
    /// The `Origin` header, if sent (browsers send it).
    public let origin: String?
    /// The `Originator` header, if sent (the SDKs' `HTTPWalletJSON` send it).
    public let originator: String?
    /// The body: the method's arguments as a JSON object (empty means `{}`).
    public let body: [UInt8]
    /// The `Content-Type` header, if sent: a body must be `application/json`.
    public let contentType: String?
    /// Whether the client still waits (nil: unknown, taken as yes): a carried call whose client left is withdrawn.
    public let clientConnected: (@Sendable () -> Bool)?
    /// A CORS preflight's `Access-Control-Request-Method`, if sent.
    public let accessControlRequestMethod: String?
    /// Whether a preflight asked for Private Network Access (`Access-Control-Request-Private-Network: true`).
    public let accessControlRequestPrivateNetwork: Bool

    /// A request from its parts.
    public init(
        httpMethod: String, path: String, host: String?, origin: String?, originator: String?, body: [UInt8],
        contentType: String? = "application/json", clientConnected: (@Sendable () -> Bool)? = nil,
        accessControlRequestMethod: String? = nil, accessControlRequestPrivateNetwork: Bool = false
    ) {
        self.clientConnected = clientConnected
        self.accessControlRequestMethod = accessControlRequestMethod
        self.accessControlRequestPrivateNetwork = accessControlRequestPrivateNetwork
        self.httpMethod = httpMethod
        self.path = path
        self.host = host
        self.origin = origin
        self.originator = originator
        self.body = body
        self.contentType = contentType
    }

    /// The largest body accepted: a call file's own limit (8 MiB).
    public static let maxBodyBytes = BundleLimits.maxWalletCallBytes

    /// A checked call: the method name, who calls (shown to the user on every carried call) and the arguments.
    public struct Checked: Sendable, Equatable {
        public let method: String
        public let originator: String
        public let arguments: [String: JSONValue]
    }

    /// The refusal of a `Host` that is not loopback.
    static let notLoopback = WalletAPIRefusal.unauthorized(
        "the Host header must name 127.0.0.1, localhost or [::1]: the wallet answers only this machine's own "
            + "applications")

    /// Checks the request: first, no `Origin` unless the user allowed it (`allowedOrigins`, canonical; see
    /// ``WalletAPICORS``): a request from a web page carries its origin, and a page the user merely visits is not an
    /// application; then `POST /<method>`; a `Host` of the loopback interface (a page of another site that got its
    /// name resolved to 127.0.0.1 — DNS rebinding — sends its own host name and is refused); an originator to show
    /// (the host of `Origin` when there is one — the browser vouches for it, while a page could send any
    /// `Originator` — else `Originator`), 1–253 printable ASCII characters; and a body that is a JSON object of at
    /// most `maxBodyBytes`, sent as `application/json`. A "simple" cross-origin request (`text/plain`, no preflight)
    /// is refused twice over.
    /// - Throws: `WalletAPIRefusal` (`WERR_BAD_REQUEST`, `WERR_UNAUTHORIZED` 403, `WERR_INVALID_PARAMETER`, 415).
    public func checked(allowedOrigins: Set<String> = []) throws(WalletAPIRefusal) -> Checked {
        if case .refused(let refusal) = WalletAPICORS.verdict(origin: origin, allowedOrigins: allowedOrigins) {
            throw refusal
        }
        guard httpMethod == "POST" else {
            throw .badRequest("the wallet API answers POST /<method> with a JSON body, not \(httpMethod)")
        }
        let method = String(path.dropFirst())
        guard path.hasPrefix("/"), !method.isEmpty, method.utf8.count <= 64,
            method.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
        else { throw .badRequest("the path must be /<method>, a BRC-100 method name such as /getPublicKey") }
        guard let host, Self.isLoopback(host: host) else { throw Self.notLoopback }
        let hasBody = !body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })
        if hasBody {
            let mediaType = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
            guard mediaType == "application/json" else {
                throw WalletAPIRefusal(
                    status: 415, code: "WERR_BAD_REQUEST",
                    description: "the body must be sent as Content-Type: application/json, not "
                        + (contentType.map { String($0.prefix(100)) } ?? "without a Content-Type"))
            }
        }
        let named: String? = if let origin { Self.host(ofOrigin: origin) } else { originator }
        guard let shown = named else {
            throw .unauthorized(
                "the request names no Originator or Origin header; the wallet shows every caller to the user, send "
                    + "Originator: <your application's domain>")
        }
        guard !shown.isEmpty, shown.utf8.count <= BundleLimits.maxOriginatorBytes,
            shown.utf8.allSatisfy({ (0x21...0x7E).contains($0) })
        else {
            throw .invalidParameter(
                "originator", "1 to \(BundleLimits.maxOriginatorBytes) printable ASCII characters without spaces")
        }
        guard body.count <= Self.maxBodyBytes else {
            throw WalletAPIRefusal(
                status: 413, code: "WERR_INVALID_PARAMETER",
                description: "the body is \(body.count) bytes; at most \(Self.maxBodyBytes) are accepted")
        }
        if !hasBody { return Checked(method: method, originator: shown, arguments: [:]) }
        let limits = JSONLimits(maxBytes: Self.maxBodyBytes, maxDepth: 32, maxValues: 1_000_000)
        guard case .object(let arguments)? = try? JSONParser.parse(body, limits: limits) else {
            throw .badRequest("the body must be a JSON object holding the method's arguments (or empty)")
        }
        return Checked(method: method, originator: shown, arguments: arguments)
    }

    /// Whether a `Host` header value names the loopback interface (`127.0.0.1`, `localhost`, `[::1]`, any port).
    static func isLoopback(host: String) -> Bool {
        var name = Substring(host.lowercased())
        if name.hasPrefix("[") {
            guard let end = name.firstIndex(of: "]") else { return false }
            let rest = name[name.index(after: end)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber)) else { return false }
            return name[...end] == "[::1]"
        }
        if let colon = name.firstIndex(of: ":") {
            guard name[name.index(after: colon)...].allSatisfy(\.isNumber) else { return false }
            name = name[..<colon]
        }
        return name == "127.0.0.1" || name == "localhost"
    }

    /// The host of an `Origin` header (`https://app.example:8443` → `app.example`), nil for `null` or no host.
    static func host(ofOrigin origin: String) -> String? {
        guard let schemeEnd = origin.range(of: "://") else { return nil }
        var rest = origin[schemeEnd.upperBound...]
        if let slash = rest.firstIndex(of: "/") { rest = rest[..<slash] }
        if !rest.hasPrefix("["), let colon = rest.lastIndex(of: ":") { rest = rest[..<colon] }
        return rest.isEmpty ? nil : String(rest)
    }
}
