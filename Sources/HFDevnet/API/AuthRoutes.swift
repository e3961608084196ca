import Foundation
import HFCrypto
import HFPrimitives
import HFProtocols
import Synchronization

/// A test login service for `hfauth:` (docs/requirements/wallet.md "BRC-103 Authentication"), relative to its prefix (`/auth`):
///
/// - `GET /challenge`: issues a fresh 32-byte challenge and answers `{"challenge","payload"}`, where `payload` is
///   the `hfauth:?v=1&challenge=…&domain=<host>&callback=http://<Host>/auth/callback` text a web page would show as
///   a QR code (the domain is the `Host` header's host).
/// - `POST /callback` with a `.hfauth` bundle: 200 `{"accepted":true,"identityKey"}` when the bundle names this
///   callback and this domain, its challenge was issued here and not used before, and the identity key's
///   signature verifies over `AuthMessage`; else 400 (malformed, another callback or domain) or 401 (unknown or
///   used challenge, bad signature) as `{"error":…}`. A challenge is used up by its first accepted answer.
/// - `GET /sessions`: the accepted logins, `[{"challenge","domain","identityKey"}]`, oldest first.
final class AuthRoutes: Sendable {
    private struct State {
        var issued: Set<[UInt8]> = []
        var sessions: [Session] = []
    }

    private struct Session: Encodable {
        let challenge: String
        let domain: String
        let identityKey: String
    }

    private struct Issued: Encodable {
        let challenge: String
        let payload: String
    }

    /// The `.hfauth` fields the service reads (the bundle's strict codec lives in HFBundles, which the devnet does
    /// not link; unknown fields are ignored here).
    private struct Answer: Decodable {
        let format: String
        let version: Int
        let domain: String
        let callback: String
        let challenge: String
        let identityKey: String
        let signature: String
    }

    private struct Accepted: Encodable {
        let accepted = true
        let identityKey: String
    }

    private struct Refusal: Encodable { let error: String }

    private let state = Mutex(State())

    // MARK: - Methods

    /// Adds the routes under `prefix`.
    func register(in router: inout HTTPRouter, at prefix: String) {
        let routes = self
        router.add("GET", prefix + "/challenge") { request, _ in routes.issue(request, prefix: prefix) }
        router.add("POST", prefix + "/callback") { request, _ in routes.verify(request, prefix: prefix) }
        router.add("GET", prefix + "/sessions") { _, _ in .json(routes.state.withLock { $0.sessions }) }
    }

    private func issue(_ request: HTTPRequest, prefix: String) -> HTTPResponse {
        let (domain, callback) = Self.endpoint(request, prefix: prefix)
        let challenge = SecureRandom.bytes(32)
        guard let authRequest = try? AuthRequest(challenge: challenge, domain: domain, callback: callback) else {
            return .json(Refusal(error: "this Host header cannot make an hfauth request"), status: 400)
        }
        state.withLock { _ = $0.issued.insert(challenge) }
        return .json(Issued(challenge: Base64URL.encode(challenge), payload: authRequest.payload))
    }

    private func verify(_ request: HTTPRequest, prefix: String) -> HTTPResponse {
        guard let answer = APIRequest.json(Answer.self, from: request.body), answer.format == "hfauth",
            answer.version == 1, let challenge = Base64URL.decode(answer.challenge),
            let authRequest = try? AuthRequest(challenge: challenge, domain: answer.domain, callback: answer.callback),
            let keyBytes = try? Hex.decode(answer.identityKey), let key = try? PublicKey(serialized: keyBytes),
            let der = try? Hex.decode(answer.signature), let signature = try? ECDSASignature(derRepresentation: der)
        else { return .json(Refusal(error: "the body is not an hfauth answer"), status: 400) }
        let (domain, callback) = Self.endpoint(request, prefix: prefix)
        guard authRequest.callback == callback, authRequest.domain == domain else {
            return .json(Refusal(error: "the answer was made for another service or callback"), status: 400)
        }
        guard authRequest.message.isValid(signature, by: key) else {
            return .json(Refusal(error: "the signature does not verify"), status: 401)
        }
        let fresh = state.withLock { state in
            guard state.issued.remove(challenge) != nil else { return false }
            state.sessions.append(
                Session(challenge: answer.challenge, domain: domain, identityKey: key.compressed.hex))
            return true
        }
        guard fresh else { return .json(Refusal(error: "unknown or already used challenge"), status: 401) }
        return .json(Accepted(identityKey: key.compressed.hex))
    }

    /// This service's domain (the `Host` header without port) and callback URL.
    private static func endpoint(_ request: HTTPRequest, prefix: String) -> (String, String) {
        let host = request.headers["Host"] ?? "127.0.0.1"
        let domain = host.split(separator: ":").first.map(String.init) ?? host
        return (domain.lowercased(), "http://\(host)\(prefix)/callback")
    }
}
