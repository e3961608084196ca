/// The wallet API's answers to browsers (CORS): a web page's request carries an `Origin`, and only the origins the
/// user allowed (`hf-watcher wallet-api allow ORIGIN`, ``WalletAPIOrigins``) are served.
///
/// - An allowed origin's preflight (`OPTIONS` with `Access-Control-Request-Method: POST`) is answered 204 with
///   `Access-Control-Allow-Methods: POST`, the request headers the SDKs send (``allowedRequestHeaders``),
///   `Access-Control-Max-Age` (``maxAgeSeconds``) and, when Chromium asks for Private Network Access
///   (`Access-Control-Request-Private-Network: true`), `Access-Control-Allow-Private-Network: true`.
/// - Every answer to an allowed origin (preflight, result or refusal) carries `Access-Control-Allow-Origin: <that
///   origin>` — never `*` — and `Vary: Origin`, so the page can read it.
/// - Any other origin, `null` included, is refused 403 before anything else is looked at, with no CORS field: the
///   browser hides the answer from the page, which learns only that its request failed. The refusal's message names
///   the command that allows the origin, for the user reading the watcher's log or a developer's network panel.
public enum WalletAPICORS {
    /// The request headers a page may send: what bsv-sdk's `HTTPWalletJSON` sends (`Accept`, `Content-Type:
    /// application/json`, and `Originator` outside browsers).
    public static let allowedRequestHeaders = "Accept, Content-Type, Originator"
    /// How long a browser may reuse a preflight's answer, in seconds (Chromium caps it at 7,200).
    public static let maxAgeSeconds = 600

    /// What a request's `Origin` makes of it.
    public enum Verdict: Sendable, Equatable {
        /// No `Origin`: not a browser's cross-origin request; the `Originator` rule applies.
        case noOrigin
        /// An origin the user allowed, as the browser sent it (echoed in `Access-Control-Allow-Origin`).
        case allowed(String)
        /// An origin the user did not allow: 403, and no CORS field.
        case refused(WalletAPIRefusal)
    }

    /// The verdict on `origin` (the request's `Origin` header) given the allowed origins (canonical).
    public static func verdict(origin: String?, allowedOrigins: Set<String>) -> Verdict {
        guard let origin else { return .noOrigin }
        guard let canonical = try? WalletAPIOrigins.canonical(origin) else {
            return .refused(.unauthorized(unallowable(origin)))
        }
        guard allowedOrigins.contains(canonical) else {
            return .refused(
                .unauthorized(
                    "the web origin \(canonical) is not allowed to call this wallet; if it is an application you chose, "
                        + "allow it with `hf-watcher wallet-api allow \(canonical)` and restart `wallet-api serve`"))
        }
        return .allowed(origin)
    }

    /// The fields every answer to the allowed `origin` carries.
    public static func answerHeaders(origin: String) -> [WalletAPIReply.Header] {
        [WalletAPIReply.Header("Access-Control-Allow-Origin", origin), WalletAPIReply.Header("Vary", "Origin")]
    }

    /// The answer to an allowed origin's `OPTIONS` request, before ``answerHeaders(origin:)`` are added: 204 for a
    /// preflight of a `POST` to the loopback wallet, else a refusal (403 for a Host that is not loopback, 400 for an
    /// `OPTIONS` that is not a preflight, 405 for a preflight of another method).
    public static func preflight(_ request: WalletAPIRequest) -> WalletAPIReply {
        guard let host = request.host, WalletAPIRequest.isLoopback(host: host) else {
            return .refusal(WalletAPIRequest.notLoopback)
        }
        guard let method = request.accessControlRequestMethod else {
            return .refusal(
                .badRequest(
                    "the wallet API answers OPTIONS only as a CORS preflight (with Access-Control-Request-Method)"))
        }
        guard method == "POST" else {
            return .refusal(
                WalletAPIRefusal(
                    status: 405, code: "WERR_BAD_REQUEST",
                    description: "the wallet API answers POST /<method> only; the preflight asked for "
                        + String(WalletAPI.oneLine(String(method.prefix(20))))))
        }
        var headers = [
            WalletAPIReply.Header("Access-Control-Allow-Methods", "POST"),
            WalletAPIReply.Header("Access-Control-Allow-Headers", allowedRequestHeaders),
            WalletAPIReply.Header("Access-Control-Max-Age", String(maxAgeSeconds)),
        ]
        if request.accessControlRequestPrivateNetwork {
            headers.append(WalletAPIReply.Header("Access-Control-Allow-Private-Network", "true"))
        }
        return WalletAPIReply(status: 204, body: [], headers: headers)
    }

    /// The refusal's sentence for an `Origin` that cannot be allowed at all.
    private static func unallowable(_ origin: String) -> String {
        if origin == "null" {
            return "a page with an opaque origin (a file:// page, a sandboxed frame) sends Origin: null, which cannot "
                + "be allowed; serve the application from http://localhost:PORT and allow that origin with "
                + "`hf-watcher wallet-api allow http://localhost:PORT`"
        }
        return "the web origin \(WalletAPI.oneLine(String(origin.prefix(100)))) cannot be allowed: only "
            + "http(s)://host[:port] origins can, with `hf-watcher wallet-api allow ORIGIN`"
    }
}

extension WalletAPI {
    /// A refusal of the HTTP server's own (malformed HTTP, a body over the limit, a slow client, too many
    /// connections) in the wallet API's error shape, so every client reads it as it reads the wallet's own:
    /// `WERR_TIMEOUT` for 408, `WERR_INTERNAL` for 503, `WERR_BAD_REQUEST` otherwise. `origin` is the request's
    /// `Origin` when its head was read: an allowed one gets its CORS fields, so the page can read the reason.
    public func serverRefusal(status: Int, message: String, origin: String?) -> WalletAPIReply {
        let code = status == 408 ? "WERR_TIMEOUT" : status == 503 ? "WERR_INTERNAL" : "WERR_BAD_REQUEST"
        let reply = WalletAPIReply.refusal(WalletAPIRefusal(status: status, code: code, description: message))
        guard case .allowed(let allowed) = WalletAPICORS.verdict(origin: origin, allowedOrigins: allowedOrigins) else {
            return reply
        }
        return reply.adding(WalletAPICORS.answerHeaders(origin: allowed))
    }
}
