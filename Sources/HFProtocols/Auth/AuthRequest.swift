import HFPrimitives

/// An `hfauth:` login request, as a web service shows it in a QR code (docs/requirements/wallet.md "BRC-103 Authentication").
///
/// The payload is `hfauth:?v=1&challenge=<base64url>&domain=<host>&callback=<percent-encoded URL>`:
/// - printable ASCII (0x21…0x7E), at most 2048 bytes; the scheme `hfauth` in any case, then `:?`;
/// - exactly the four parameters, each once, in any order, separated by `&`; values are percent-decoded;
/// - `v` is `1`; `challenge` is unpadded base64url of 16…64 random bytes chosen by the service;
/// - `domain` is a DNS name (lower-cased), or `localhost` / `127.0.0.1` for tests;
/// - `callback` is an absolute `https://` URL (plain `http://` only when the host is loopback), at most 1024 bytes,
///   without user information, query or fragment, whose host equals `domain`.
///
/// The signer signs `AuthMessage` (domain, callback and challenge together), so a response cannot be replayed to
/// another service or another callback.
public struct AuthRequest: Hashable, Sendable {
    /// The longest payload accepted.
    public static let maxPayloadBytes = 2048
    /// The longest callback URL accepted.
    public static let maxCallbackBytes = 1024
    /// The allowed challenge sizes in bytes.
    public static let challengeBytes = 16...64

    /// The service's random challenge.
    public let challenge: [UInt8]
    /// The service's host name, lower case.
    public let domain: String
    /// Where the response is POSTed.
    public let callback: String

    // MARK: - Initializers

    /// Parses an `hfauth:` payload (see the type's documentation).
    /// - Throws: `AuthRequestError` for the first rule broken.
    public init(payload: String) throws(AuthRequestError) {
        let bytes = Array(payload.utf8)
        guard !bytes.isEmpty, bytes.count <= Self.maxPayloadBytes, bytes.allSatisfy({ (0x21...0x7e).contains($0) })
        else { throw .badText }
        let prefix = "hfauth:?"
        guard bytes.count > prefix.utf8.count,
            String(decoding: bytes.prefix(prefix.utf8.count), as: UTF8.self).lowercased() == prefix
        else { throw .wrongScheme }
        var values: [String: String] = [:]
        for part in bytes.dropFirst(prefix.utf8.count).split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
            let pair = part.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(decoding: pair[0], as: UTF8.self)
            guard pair.count == 2, ["v", "challenge", "domain", "callback"].contains(name), values[name] == nil,
                let value = Self.percentDecoded(pair[1])
            else { throw .badParameter(name) }
            values[name] = value
        }
        for name in ["v", "challenge", "domain", "callback"] where values[name] == nil {
            throw .missingParameter(name)
        }
        guard values["v"] == "1" else { throw .unsupportedVersion }
        try self.init(
            challenge: Base64URL.decode(values["challenge"]!) ?? [], domain: values["domain"]!,
            callback: values["callback"]!)
    }

    /// A request from its parts, checked as the payload's are.
    /// - Throws: `AuthRequestError`.
    public init(challenge: [UInt8], domain: String, callback: String) throws(AuthRequestError) {
        guard Self.challengeBytes.contains(challenge.count) else { throw .badChallenge }
        let domain = domain.lowercased()
        guard Self.isHost(domain) else { throw .badDomain }
        guard let host = Self.callbackHost(callback) else { throw .badCallback }
        guard host == domain else { throw .domainMismatch }
        self.challenge = challenge
        self.domain = domain
        self.callback = callback
    }

    // MARK: - Properties

    /// The payload text of this request (parameters in the order `v`, `challenge`, `domain`, `callback`).
    public var payload: String {
        "hfauth:?v=1&challenge=\(Base64URL.encode(challenge))&domain=\(domain)&callback=\(Self.percentEncoded(callback))"
    }

    /// The message the identity key signs for this request.
    public var message: AuthMessage { AuthMessage(domain: domain, callback: callback, challenge: challenge) }

    // MARK: - Static members

    /// Whether `host` (lower case) is a DNS name or a loopback name.
    static func isHost(_ host: String) -> Bool {
        isLoopback(host) || PaymailAddress.isDomain(host)
    }

    /// Whether `host` is `localhost` or `127.0.0.1`.
    static func isLoopback(_ host: String) -> Bool { host == "localhost" || host == "127.0.0.1" }

    /// The lower-cased host of an acceptable callback URL, or nil.
    public static func callbackHost(_ url: String) -> String? {
        let bytes = Array(url.utf8)
        guard bytes.count <= maxCallbackBytes, bytes.allSatisfy({ (0x21...0x7e).contains($0) }),
            !bytes.contains(UInt8(ascii: "#")), !bytes.contains(UInt8(ascii: "?")), !bytes.contains(UInt8(ascii: "\\"))
        else { return nil }
        let lower = url.lowercased()
        let secure = lower.hasPrefix("https://")
        guard secure || lower.hasPrefix("http://") else { return nil }
        let rest = lower.dropFirst(secure ? 8 : 7)
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        guard !authority.contains("@") else { return nil }
        let hostPort = authority.split(separator: ":", omittingEmptySubsequences: false)
        guard hostPort.count <= 2 else { return nil }
        let host = String(hostPort[0])
        if hostPort.count == 2 {
            guard let port = Int(hostPort[1]), (1...65535).contains(port), hostPort[1].count <= 5 else { return nil }
        }
        guard isHost(host), secure || isLoopback(host) else { return nil }
        return host
    }

    /// Percent-decodes `bytes`; nil for a malformed escape or a decoded byte outside printable ASCII.
    private static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> String? {
        var out: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.endIndex,
                    let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16),
                    (0x21...0x7e).contains(value)
                else { return nil }
                out.append(value)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` with `%` and `&` percent-encoded (the only characters a callback may hold that the payload's syntax
    /// gives a meaning), so the payload is never longer than the one it was parsed from.
    private static func percentEncoded(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "%": out += "%25"
            case "&": out += "%26"
            default: out.append(character)
            }
        }
        return out
    }
}
