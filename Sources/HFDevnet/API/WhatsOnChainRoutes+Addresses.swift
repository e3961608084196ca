import HFPrimitives

// The address listings of the WhatsOnChain imitation: wrapped `{address, script, result, error, nextPageToken?}`
// replies. An address with no history gets 200 with an empty `result`; a malformed address or one of another
// network is answered 400.
extension WhatsOnChainRoutes {
    /// Which unspent outputs a listing includes.
    private enum UnspentFilter {
        case all, confirmed, unconfirmed
    }

    /// Adds the address routes under `prefix`.
    func registerAddressRoutes(in router: inout HTTPRouter, at prefix: String) {
        let routes = self
        router.add("GET", prefix + "/address/{address}/confirmed/history") { request, parameters in
            routes.confirmedHistory(parameters["address"], request)
        }
        router.add("GET", prefix + "/address/{address}/unconfirmed/history") { _, parameters in
            routes.unconfirmedHistory(parameters["address"])
        }
        router.add("GET", prefix + "/address/{address}/unspent/all") { _, parameters in
            routes.unspent(parameters["address"], .all)
        }
        router.add("GET", prefix + "/address/{address}/confirmed/unspent") { _, parameters in
            routes.unspent(parameters["address"], .confirmed)
        }
        router.add("GET", prefix + "/address/{address}/unconfirmed/unspent") { _, parameters in
            routes.unspent(parameters["address"], .unconfirmed)
        }
    }

    /// `GET /address/{address}/confirmed/history`, one page.
    private func confirmedHistory(_ text: String?, _ request: HTTPRequest) -> HTTPResponse {
        guard let address = APIRequest.address(text) else { return Self.invalidAddress }
        let page: HistoryPage
        do {
            page = try HistoryPage(chain.history(of: address).confirmed, request: request, configuration: configuration)
        } catch {
            return .text(error.message, status: 400)
        }
        let items = page.entries.map { WhatsOnChainJSON.HistoryItem(tx_hash: $0.txid.displayHex, height: $0.height) }
        return wrapped(address, items, nextPageToken: page.nextPageToken)
    }

    /// `GET /address/{address}/unconfirmed/history`: every mempool transaction, in acceptance order, no heights.
    private func unconfirmedHistory(_ text: String?) -> HTTPResponse {
        guard let address = APIRequest.address(text) else { return Self.invalidAddress }
        let items = chain.history(of: address).unconfirmed.map {
            WhatsOnChainJSON.HistoryItem(tx_hash: $0.displayHex, height: nil)
        }
        return wrapped(address, items, nextPageToken: nil)
    }

    /// The unspent listings.
    private func unspent(_ text: String?, _ filter: UnspentFilter) -> HTTPResponse {
        guard let address = APIRequest.address(text) else { return Self.invalidAddress }
        let outputs = chain.unspentOutputs(of: address).filter { output in
            switch filter {
            case .all: true
            case .confirmed: output.isConfirmed
            case .unconfirmed: !output.isConfirmed
            }
        }
        return wrapped(address, outputs.map(WhatsOnChainJSON.UnspentItem.init), nextPageToken: nil)
    }

    /// The wrapped reply.
    private func wrapped<Item: Encodable>(
        _ address: Address, _ items: [Item], nextPageToken: String?
    ) -> HTTPResponse {
        .json(
            WhatsOnChainJSON.Wrapped(
                address: address.string, script: APIRequest.scriptHash(Script(p2pkhPaying: address)), result: items,
                error: "", nextPageToken: nextPageToken))
    }

    /// The answer to a malformed address.
    private static var invalidAddress: HTTPResponse {
        .text("invalid address: expected a regtest P2PKH address", status: 400)
    }
}
