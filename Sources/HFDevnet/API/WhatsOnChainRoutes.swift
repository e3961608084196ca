import HFPrimitives

/// The WhatsOnChain imitation (docs/reference/provider-apis.md §1.2), relative to the WhatsOnChain prefix:
///
/// | route | answer |
/// |---|---|
/// | `GET /chain/info` | the chain summary |
/// | `GET /block/headers[?limit=N]` | array of the newest header objects, newest first (10 by default, ≤ 1000) |
/// | `GET /block/headers/latest[?count=N]` | binary: the newest N 80-byte headers (≤ 100; 2000 without N) |
/// | `GET /block/{hash or height}/header` | one header object; 404 unknown |
/// | `GET /block/height/{h}`, `GET /block/hash/{hash}` | header fields + `txcount`, `tx` (every txid); 404 unknown |
/// | `GET /tx/{txid}/hex` | `text/plain` hex of the transaction (mined or mempool); 404 unknown |
/// | `GET /tx/{txid}/proof/tsc` | `[TSC proof]`; 200 with an empty body for a mempool transaction; 404 unknown |
/// | `GET /tx/{txid}/{vout}/spent` | `{txid, vin}` of the spending input; 404 while unspent |
/// | `POST /txs/status` | one status per txid of `{"txids": [...]}` |
/// | `POST /tx/raw` | `{"txhex"}`: the txid as text; 400 with the node's reject reason as text |
/// | `GET /address/{a}/confirmed/history` | wrapped, paged (`limit`, `token`, `order`, `height`) |
/// | `GET /address/{a}/unconfirmed/history` | wrapped, mempool transactions |
/// | `GET /address/{a}/unspent/all`, `/confirmed/unspent`, `/unconfirmed/unspent` | wrapped unspent outputs |
/// | `POST /addresses/confirmed/unspent`, `/addresses/unconfirmed/unspent` | `{"addresses"}` (≤ 20): one wrapped listing each |
/// | `POST /addresses/confirmed/history`, `/addresses/unconfirmed/history` | the same; a long history's first page and token |
///
/// 404 bodies are plain text (clients branch on the status only); a malformed txid, hash or address is 400.
struct WhatsOnChainRoutes: Sendable {
    /// The chain served.
    let chain: DevnetChain
    /// Paging settings.
    let configuration: DevnetAPI.Configuration

    /// `GET /block/headers` without `limit`.
    static let defaultHeaderCount = 10
    /// The largest `limit` of `GET /block/headers`.
    static let maxHeaderCount = 1000
    /// The largest `count` of `GET /block/headers/latest`.
    static let maxLatestCount = 100
    /// `GET /block/headers/latest` without `count`: the latest header file.
    static let latestFileCount = 2000

    // MARK: - Methods

    /// Adds the routes under `prefix`.
    func register(in router: inout HTTPRouter, at prefix: String) {
        let routes = self
        router.add("GET", prefix + "/chain/info") { _, _ in
            .json(WhatsOnChainJSON.ChainInfo(routes.chain.chainInfo()))
        }
        router.add("GET", prefix + "/block/headers") { request, _ in routes.latestHeaders(request) }
        router.add("GET", prefix + "/block/headers/latest") { request, _ in routes.latestHeaderBytes(request) }
        router.add("GET", prefix + "/block/height/{height}") { _, parameters in
            routes.block(APIRequest.natural(parameters["height"]).flatMap { routes.chain.block(atHeight: $0) })
        }
        router.add("GET", prefix + "/block/hash/{hash}") { _, parameters in
            routes.block(APIRequest.blockHash(parameters["hash"] ?? "").flatMap { routes.chain.block(hash: $0) })
        }
        router.add("GET", prefix + "/block/{id}/header") { _, parameters in routes.header(parameters["id"] ?? "") }
        router.add("GET", prefix + "/tx/{txid}/hex") { _, parameters in routes.rawTransaction(parameters["txid"]) }
        router.add("GET", prefix + "/tx/{txid}/proof/tsc") { _, parameters in routes.proof(parameters["txid"]) }
        router.add("GET", prefix + "/tx/{txid}/{vout}/spent") { _, parameters in
            routes.spent(parameters["txid"], parameters["vout"])
        }
        router.add("POST", prefix + "/txs/status") { request, _ in routes.statuses(request) }
        router.add("POST", prefix + "/tx/raw") { request, _ in routes.broadcast(request) }
        registerAddressRoutes(in: &router, at: prefix)
        registerBulkRoutes(in: &router, at: prefix)
    }

    /// `GET /block/headers[?limit=N]`.
    private func latestHeaders(_ request: HTTPRequest) -> HTTPResponse {
        var count = Self.defaultHeaderCount
        if let text = request.queryValue("limit") {
            guard let limit = APIRequest.natural(text), limit > 0 else { return .text("invalid limit", status: 400) }
            count = min(limit, Self.maxHeaderCount)
        }
        return .json(chain.latestHeaders(count: count).map(WhatsOnChainJSON.Header.init))
    }

    /// `GET /block/headers/latest[?count=N]`: raw headers, oldest first.
    private func latestHeaderBytes(_ request: HTTPRequest) -> HTTPResponse {
        var count = Self.latestFileCount
        if let text = request.queryValue("count") {
            guard let value = APIRequest.natural(text), value > 0 else { return .text("invalid count", status: 400) }
            count = min(value, Self.maxLatestCount)
        }
        return .bytes(chain.latestHeaders(count: count).reversed().flatMap(\.bytes))
    }

    /// `GET /block/{hash or height}/header`.
    private func header(_ id: String) -> HTTPResponse {
        APIRequest.header(id, in: chain) { .json(WhatsOnChainJSON.Header($0)) }
    }

    /// A whole block, or 404.
    private func block(_ block: DevnetBlock?) -> HTTPResponse {
        guard let block, let info = chain.header(hash: block.hash) else { return .status(404) }
        return .json(
            WhatsOnChainJSON.Block(
                header: WhatsOnChainJSON.Header(info), txids: block.txids.map(\.displayHex)))
    }

    /// `GET /tx/{txid}/hex`.
    private func rawTransaction(_ text: String?) -> HTTPResponse {
        guard let txid = APIRequest.txid(text) else { return .text("invalid txid", status: 400) }
        guard let bytes = chain.rawTransaction(txid) else { return .status(404) }
        return .text(Hex.encode(bytes))
    }

    /// `GET /tx/{txid}/proof/tsc`.
    private func proof(_ text: String?) -> HTTPResponse {
        guard let txid = APIRequest.txid(text) else { return .text("invalid txid", status: 400) }
        switch chain.tscProof(for: txid) {
        case .unknown:
            return .status(404)
        case .unconfirmed:
            return .json(bytes: [])
        case .confirmed(let proof, let confirmation):
            return .json([WhatsOnChainJSON.ProofObject(proof, blockHash: confirmation.blockHash)])
        }
    }

    /// `GET /tx/{txid}/{vout}/spent`.
    private func spent(_ txidText: String?, _ voutText: String?) -> HTTPResponse {
        guard let txid = APIRequest.txid(txidText), let vout = APIRequest.natural(voutText),
            let index = UInt32(exactly: vout)
        else { return .text("invalid outpoint", status: 400) }
        guard let spend = chain.spend(of: OutPoint(txid: txid, vout: index)) else { return .status(404) }
        return .json(WhatsOnChainJSON.Spent(txid: spend.txid.displayHex, vin: spend.vin))
    }

    /// `POST /txs/status`.
    private func statuses(_ request: HTTPRequest) -> HTTPResponse {
        guard let body = APIRequest.json(WhatsOnChainJSON.TxidsRequest.self, from: request.body) else {
            return .text("the body must be {\"txids\": [...]}", status: 400)
        }
        return .json(
            body.txids.map { text in
                WhatsOnChainJSON.TransactionStatus(
                    txid: text, status: APIRequest.txid(text).map { chain.status(of: $0) } ?? .unknown)
            })
    }

    /// `POST /tx/raw`: a node-style broadcast (the txid as text, or the node's reject reason as text with 400).
    private func broadcast(_ request: HTTPRequest) -> HTTPResponse {
        guard let body = APIRequest.json(WhatsOnChainJSON.RawTransactionRequest.self, from: request.body) else {
            return .text("the body must be {\"txhex\": \"...\"}", status: 400)
        }
        do {
            switch try chain.submit(hex: body.txhex) {
            case .success(let submission):
                return .text(submission.txid.displayHex)
            case .failure(let rejection):
                return .text("unexpected response code 500: \(rejection.nodeRejectReason)", status: 400)
            }
        } catch {
            return .text("unexpected response code 500: \(error)", status: 500)
        }
    }
}
