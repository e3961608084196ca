import HFPrimitives

/// The devnet's own routes, relative to `/devnet`:
///
/// | route | answer |
/// |---|---|
/// | `POST /mine` | `{"blocks": N?, "to": addr?}` → `{"hashes": [...], "height": N}` |
/// | `POST /fund` | `{"address", "satoshis"}` → `{"txid", "height"}` (the funding transaction is mined) |
/// | `POST /reorg` | `{"from": H, "blocks": N, "to": addr?}` → `DevnetControl.ReorgResult` |
/// | `GET /info` | `DevnetControl.Info`, with the services' base URLs built from the request's `Host` |
///
/// Errors are `{"error": "<sentence>"}`: 400 for a malformed body, address, count or amount; 409 when the devnet
/// key cannot pay; 422 for a reorganisation the chain cannot make (a height outside 1…tip, or a branch that is not
/// heavier); 503 when the chain is closed; 500 for a storage failure (nothing changed).
struct ControlRoutes: Sendable {
    /// The chain served.
    let chain: DevnetChain

    // MARK: - Methods

    /// Adds the routes under `prefix`.
    func register(in router: inout HTTPRouter, at prefix: String) {
        let routes = self
        router.add("POST", prefix + "/mine") { request, _ in routes.mine(request) }
        router.add("POST", prefix + "/fund") { request, _ in routes.fund(request) }
        router.add("POST", prefix + "/reorg") { request, _ in routes.reorg(request) }
        router.add("GET", prefix + "/info") { request, _ in routes.info(request) }
    }

    /// `POST /devnet/reorg`.
    private func reorg(_ request: HTTPRequest) -> HTTPResponse {
        guard let body = APIRequest.json(DevnetControl.ReorgRequest.self, from: request.body) else {
            return Self.error(400, "the body must be {\"from\": H, \"blocks\": N, \"to\": \"<address>\"}")
        }
        let payee: Address?
        switch Self.payee(body.to) {
        case .success(let address): payee = address
        case .failure(let refusal): return refusal.response
        }
        do {
            return .json(DevnetControl.ReorgResult(try chain.reorg(from: body.from, blocks: body.blocks, to: payee)))
        } catch {
            return Self.error(error)
        }
    }

    /// A 400 answer, as an error value.
    private struct Refusal: Error { let response: HTTPResponse }

    /// The optional `"to"` of a mining body: nil when absent, or the 400 answer for text that is not a regtest
    /// P2PKH address.
    private static func payee(_ text: String?) -> Result<Address?, Refusal> {
        guard let text else { return .success(nil) }
        guard let address = APIRequest.address(text) else {
            return .failure(Refusal(response: error(400, "\"to\" is not a regtest P2PKH address: \(text)")))
        }
        return .success(address)
    }

    /// `POST /devnet/mine`.
    private func mine(_ request: HTTPRequest) -> HTTPResponse {
        let body: DevnetControl.MineRequest
        if request.body.allSatisfy({ [0x20, 0x09, 0x0a, 0x0d].contains($0) }) {
            body = DevnetControl.MineRequest(blocks: nil, to: nil)
        } else if let decoded = APIRequest.json(DevnetControl.MineRequest.self, from: request.body) {
            body = decoded
        } else {
            return Self.error(400, "the body must be {\"blocks\": N, \"to\": \"<address>\"}")
        }
        let payee: Address?
        switch Self.payee(body.to) {
        case .success(let address): payee = address
        case .failure(let refusal): return refusal.response
        }
        do {
            let hashes = try chain.mine(body.blocks ?? 1, to: payee)
            return .json(DevnetControl.MineResult(hashes: hashes.map(\.displayHex), height: chain.height))
        } catch {
            return Self.error(error)
        }
    }

    /// `POST /devnet/fund`.
    private func fund(_ request: HTTPRequest) -> HTTPResponse {
        guard let body = APIRequest.json(DevnetControl.FundRequest.self, from: request.body) else {
            return Self.error(400, "the body must be {\"address\": \"<address>\", \"satoshis\": N}")
        }
        guard let address = APIRequest.address(body.address) else {
            return Self.error(400, "\"address\" is not a regtest P2PKH address: \(body.address)")
        }
        do {
            let txid = try chain.fund(address: address, satoshis: body.satoshis)
            let height = chain.status(of: txid).confirmation?.height ?? chain.height
            return .json(DevnetControl.FundResult(txid: txid.displayHex, height: height))
        } catch {
            return Self.error(error)
        }
    }

    /// `GET /devnet/info`.
    private func info(_ request: HTTPRequest) -> HTTPResponse {
        let summary = chain.chainInfo()
        let base = request.headers["Host"].map { "http://\($0)" } ?? ""
        return .json(
            DevnetControl.Info(
                network: summary.chain, height: summary.blocks, bestBlockHash: summary.bestBlockHash.displayHex,
                coinbaseAddress: chain.coinbaseAddress.string, mempoolTransactions: chain.mempool.count,
                services: DevnetControl.ServiceURLs(base: base)))
    }

    // MARK: - Static members

    /// An error reply.
    private static func error(_ status: Int, _ message: String) -> HTTPResponse {
        .json(DevnetControl.ErrorReply(error: message), status: status)
    }

    /// The error reply for a chain error.
    private static func error(_ error: DevnetError) -> HTTPResponse {
        let status =
            switch error {
            case .invalidBlockCount, .invalidAmount: 400
            case .insufficientFunds: 409
            case .reorgOutOfRange, .reorgNotHeavier: 422
            case .closed: 503
            default: 500
            }
        return Self.error(status, error.description)
    }
}
