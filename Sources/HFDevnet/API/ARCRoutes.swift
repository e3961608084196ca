import Foundation
import HFPrimitives

/// The ARC imitation (docs/reference/provider-apis.md §3), relative to the ARC prefix:
///
/// - `POST /v1/tx`: 200 `TransactionResponse` (`SEEN_ON_NETWORK`, or the stored status of a known transaction:
///   `MINED` with block and BUMP); a rejection as `ErrorFields` with its ARC code as the HTTP status (460–466,
///   474); 400 for an empty, undecodable or BEEF body.
/// - `POST /v1/txs`: 200 bare array, the successes, then the failures (a JSON array of `{rawTx}`, or hex lines as
///   text).
/// - `GET /v1/tx/{txid}`: 200 `TransactionStatus`; 404 `ErrorFields` for a transaction the devnet does not know.
/// - `GET /v1/policy`: the devnet's `DevnetPolicy`.
/// - `GET /v1/health`: `{"healthy": true, "version": …, "reason": null}`.
///
/// Bodies of `/v1/tx`: `application/json` `{"rawTx": "<hex>"}`, `text/plain` hex, or `application/octet-stream`
/// bytes; the transaction is plain or extended (BRC-30), told apart by its marker bytes. BEEF is refused with 400
/// (the devnet cannot take a transaction's ancestors from it). `X-WaitFor`, `X-MaxTimeout` and the other `X-`
/// headers are accepted and ignored: the devnet answers at once, with the final status. An `Authorization` header
/// is not checked. A failure to persist the transaction is ARC's generic 409.
struct ARCRoutes: Sendable {
    /// The chain served.
    let chain: DevnetChain
    /// The health version.
    let configuration: DevnetAPI.Configuration

    // MARK: - Methods

    /// Adds the routes under `prefix`.
    func register(in router: inout HTTPRouter, at prefix: String) {
        let routes = self
        router.add("POST", prefix + "/v1/tx") { request, _ in routes.submit(request) }
        router.add("POST", prefix + "/v1/txs") { request, _ in routes.submitBatch(request) }
        router.add("GET", prefix + "/v1/tx/{txid}") { _, parameters in routes.status(parameters["txid"]) }
        router.add("GET", prefix + "/v1/policy") { _, _ in
            .json(ARCJSON.PolicyReply(routes.chain.policy, timestamp: ARCJSON.timestamp()))
        }
        router.add("GET", prefix + "/v1/health") { _, _ in
            .json(ARCJSON.Health(version: routes.configuration.version))
        }
    }

    /// `POST /v1/tx`.
    private func submit(_ request: HTTPRequest) -> HTTPResponse {
        let bytes: [UInt8]
        switch Self.transactionBytes(request) {
        case .success(let value): bytes = value
        case .failure(let fields): return fields.response
        }
        switch process(bytes) {
        case .success(let submission):
            return .json(
                ARCJSON.Transaction(submission: submission, includesStatus: true, timestamp: ARCJSON.timestamp()))
        case .failure(let fields):
            return fields.response
        }
    }

    /// `POST /v1/txs`.
    private func submitBatch(_ request: HTTPRequest) -> HTTPResponse {
        let transactions: [[UInt8]]
        switch Self.batchBytes(request) {
        case .success(let value): transactions = value
        case .failure(let fields): return fields.response
        }
        let timestamp = ARCJSON.timestamp()
        var successes: [ARCJSON.BatchElement] = []
        var failures: [ARCJSON.BatchElement] = []
        for bytes in transactions {
            switch process(bytes) {
            case .success(let submission):
                successes.append(
                    .success(ARCJSON.Transaction(submission: submission, includesStatus: true, timestamp: timestamp)))
            case .failure(let fields):
                failures.append(.failure(fields))
            }
        }
        return .json(successes + failures)
    }

    /// `GET /v1/tx/{txid}`.
    private func status(_ text: String?) -> HTTPResponse {
        guard let txid = APIRequest.txid(text) else {
            return ARCJSON.ErrorFields.badRequest("invalid txid").response
        }
        guard let submission = chain.arcStatus(of: txid) else {
            return ARCJSON.ErrorFields.notFound("transaction not found").response
        }
        return .json(ARCJSON.Transaction(submission: submission, includesStatus: false, timestamp: ARCJSON.timestamp()))
    }

    /// Submits one serialized transaction: the submission, or the error object to answer with.
    private func process(_ bytes: [UInt8]) -> Result<DevnetSubmission, ARCJSON.ErrorFields> {
        if bytes.count >= 4 && bytes[2] == 0xbe && bytes[3] == 0xef {
            return .failure(
                .badRequest("hf-devnet does not accept BEEF; send the transaction in extended format (BRC-30) or raw"))
        }
        do {
            switch try chain.submit(bytes) {
            case .success(let submission): return .success(submission)
            case .failure(let rejection): return .failure(ARCJSON.ErrorFields(rejection, txid: Self.txid(of: bytes)))
            }
        } catch {
            return .failure(.generic(error.description))
        }
    }

    // MARK: - Static members

    /// The txid of plain or extended transaction bytes, or nil when they are neither.
    private static func txid(of bytes: [UInt8]) -> Txid? {
        if let transaction = try? Transaction(bytes: bytes) { return transaction.txid }
        return (try? ExtendedTransaction(bytes: bytes))?.transaction.txid
    }

    /// The transaction of a `/v1/tx` body.
    private static func transactionBytes(_ request: HTTPRequest) -> Result<[UInt8], ARCJSON.ErrorFields> {
        guard !request.body.isEmpty else { return .failure(.badRequest("no transaction found - empty request body")) }
        switch APIRequest.mediaType(request) {
        case "application/json":
            guard let body = APIRequest.json(ARCJSON.RawTransaction.self, from: request.body) else {
                return .failure(.badRequest("the JSON body must be {\"rawTx\": \"<hex>\"}"))
            }
            return hex(body.rawTx)
        case "text/plain":
            return hex(String(decoding: request.body, as: UTF8.self))
        case "application/octet-stream":
            return .success(request.body)
        case let other:
            return .failure(
                .badRequest(
                    "Content-Type \"\(other)\" is not supported; "
                        + "use application/json, text/plain or application/octet-stream"))
        }
    }

    /// The transactions of a `/v1/txs` body.
    private static func batchBytes(_ request: HTTPRequest) -> Result<[[UInt8]], ARCJSON.ErrorFields> {
        guard !request.body.isEmpty else { return .failure(.badRequest("no transaction found - empty request body")) }
        let texts: [String]
        switch APIRequest.mediaType(request) {
        case "application/json":
            guard let body = APIRequest.json([ARCJSON.RawTransaction].self, from: request.body) else {
                return .failure(.badRequest("the JSON body must be [{\"rawTx\": \"<hex>\"}, ...]"))
            }
            texts = body.map(\.rawTx)
        case "text/plain":
            texts = String(decoding: request.body, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
                .filter { !$0.allSatisfy(\.isWhitespace) }
        default:
            return .failure(.badRequest("hf-devnet accepts /v1/txs as application/json or text/plain"))
        }
        var transactions: [[UInt8]] = []
        for text in texts {
            switch hex(text) {
            case .success(let bytes): transactions.append(bytes)
            case .failure(let fields): return .failure(fields)
            }
        }
        guard !transactions.isEmpty else { return .failure(.badRequest("no transaction found - empty request body")) }
        return .success(transactions)
    }

    /// Bytes from hex text (surrounding whitespace ignored).
    private static func hex(_ text: String) -> Result<[UInt8], ARCJSON.ErrorFields> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .failure(.badRequest("no transaction found - empty request body")) }
        guard let bytes = try? Hex.decode(trimmed) else { return .failure(.badRequest("the transaction is not hex")) }
        return .success(bytes)
    }
}
