import Foundation
import HFCrypto
import HFPrimitives
import HFProtocols
import Synchronization

/// The paymail host imitation (docs/reference/provider-apis.md §5, §6), relative to its prefix (`/paymail`):
///
/// - `GET /.well-known/bsvalias`: `{"bsvalias":"1.0","capabilities":{…}}` with `pki`, `2a40af698840` (P2P payment
///   destination), `5f1323cddf31` (P2P receive transaction) and `6745385c3fc0: false`, as templates under
///   `http://<Host>/paymail/v1/bsvalias/…` (go-paymail's layout). BEEF delivery (`5c55a7fdb7bb`) is not offered.
/// - `GET /v1/bsvalias/id/{alias}@{domain}`: `{"bsvalias":"1.0","handle","pubkey"}`.
/// - `POST /v1/bsvalias/p2p-payment-destination/{alias}@{domain}` with `{"satoshis":N}`:
///   `{"outputs":[{"script","satoshis"}],"reference"}` (see `DevnetPaymail` for the outputs).
/// - `POST /v1/bsvalias/receive-transaction/{alias}@{domain}` with `{"hex","metadata","reference"}`: checks that the
///   reference was issued for that alias and that the transaction pays its outputs, submits it to the mempool, and
///   answers `{"txid","note"}`.
///
/// Any domain is accepted (the watcher is pointed here by a host override). Unknown aliases are 404
/// `{"code":"not-found","message":…}`; malformed bodies 400, in go-paymail's error shape.
final class PaymailRoutes: Sendable {
    /// The chain served.
    let chain: DevnetChain
    /// The references issued, with the outputs they expect.
    private let references = Mutex<[String: [TransactionOutput]]>([:])

    init(chain: DevnetChain) {
        self.chain = chain
    }

    private struct Capabilities: Encodable {
        let bsvalias = "1.0"
        let capabilities: [String: Value]

        enum Value: Encodable {
            case text(String)
            case flag(Bool)

            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .text(let text): try container.encode(text)
                case .flag(let flag): try container.encode(flag)
                }
            }
        }
    }

    private struct PKI: Encodable {
        let bsvalias = "1.0"
        let handle: String
        let pubkey: String
    }

    private struct DestinationRequest: Decodable { let satoshis: UInt64 }

    private struct Destination: Encodable {
        struct Output: Encodable {
            let script: String
            let satoshis: UInt64
        }

        let outputs: [Output]
        let reference: String
    }

    private struct Delivery: Decodable {
        let hex: String
        let reference: String
    }

    private struct Accepted: Encodable {
        let txid: String
        let note: String
    }

    private struct Failure: Encodable {
        let code: String
        let message: String
    }

    // MARK: - Methods

    /// Adds the routes under `prefix`.
    func register(in router: inout HTTPRouter, at prefix: String) {
        let routes = self
        router.add("GET", prefix + "/.well-known/bsvalias") { request, _ in
            let base = "http://\(request.headers["Host"] ?? "127.0.0.1")\(prefix)/v1/bsvalias"
            return .json(
                Capabilities(capabilities: [
                    "pki": .text(base + "/id/{alias}@{domain.tld}"),
                    "2a40af698840": .text(base + "/p2p-payment-destination/{alias}@{domain.tld}"),
                    "5f1323cddf31": .text(base + "/receive-transaction/{alias}@{domain.tld}"),
                    "6745385c3fc0": .flag(false),
                ]))
        }
        router.add("GET", prefix + "/v1/bsvalias/id/{handle}") { _, parameters in
            guard let alias = Self.alias(parameters["handle"]) else { return Self.notFound }
            let key = DevnetPaymail.privateKey(alias: alias).publicKey
            return .json(PKI(handle: parameters["handle"]!.lowercased(), pubkey: key.compressed.hex))
        }
        router.add("POST", prefix + "/v1/bsvalias/p2p-payment-destination/{handle}") { request, parameters in
            guard let alias = Self.alias(parameters["handle"]) else { return Self.notFound }
            return routes.destination(alias: alias, request: request)
        }
        router.add("POST", prefix + "/v1/bsvalias/receive-transaction/{handle}") { request, parameters in
            guard let alias = Self.alias(parameters["handle"]) else { return Self.notFound }
            return routes.receive(alias: alias, request: request)
        }
    }

    /// `p2p-payment-destination`.
    private func destination(alias: String, request: HTTPRequest) -> HTTPResponse {
        guard let body = APIRequest.json(DestinationRequest.self, from: request.body), body.satoshis >= 1,
            body.satoshis <= Amount.maxMoney
        else { return Self.failure(400, "invalid-satoshis", "the body must be {\"satoshis\": N} with N ≥ 1") }
        let outputs = DevnetPaymail.outputs(alias: alias, satoshis: body.satoshis)
        let reference = SecureRandom.bytes(16).hex
        references.withLock { $0[alias + "/" + reference] = outputs }
        return .json(
            Destination(
                outputs: outputs.map { .init(script: $0.lockingScript.bytes.hex, satoshis: $0.satoshis) },
                reference: reference))
    }

    /// `receive-transaction`.
    private func receive(alias: String, request: HTTPRequest) -> HTTPResponse {
        guard let body = APIRequest.json(Delivery.self, from: request.body),
            let bytes = try? Hex.decode(body.hex), let transaction = try? Transaction(bytes: bytes)
        else { return Self.failure(400, "invalid-body", "the body must be {\"hex\",\"metadata\",\"reference\"}") }
        guard let expected = references.withLock({ $0[alias + "/" + body.reference] }) else {
            return Self.failure(400, "unknown-reference", "the reference was not issued for this paymail")
        }
        for output in expected where !transaction.outputs.contains(output) {
            return Self.failure(400, "missing-output", "the transaction does not pay the requested outputs")
        }
        do {
            switch try chain.submit(transaction) {
            case .success:
                references.withLock { _ = $0.removeValue(forKey: alias + "/" + body.reference) }
                return .json(Accepted(txid: transaction.txid.displayHex, note: "received by hf-devnet"))
            case .failure(let rejection):
                return Self.failure(400, "rejected", "\(rejection)")
            }
        } catch {
            return Self.failure(500, "storage", error.description)
        }
    }

    /// The devnet alias of `handle` (`alias@domain`, any domain), or nil.
    private static func alias(_ handle: String?) -> String? {
        guard let handle, let address = try? PaymailAddress(handle), DevnetPaymail.aliases.contains(address.alias)
        else { return nil }
        return address.alias
    }

    private static var notFound: HTTPResponse { failure(404, "not-found", "paymail not found") }

    private static func failure(_ status: Int, _ code: String, _ message: String) -> HTTPResponse {
        .json(Failure(code: code, message: message), status: status)
    }
}
