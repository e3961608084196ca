import HFPrimitives

// WhatsOnChain's bulk listings: `POST /addresses/{confirmed|unconfirmed}/unspent` and
// `/addresses/{confirmed|unconfirmed}/history` with `{"addresses": [...]}` (at most 20) answer a JSON array of
// wrapped `{address, script, result, error, nextPageToken?}` objects, one per address asked, in the order asked. A
// confirmed history longer than one page carries the token of its next page (the client continues that address on
// the single-address route). More than 20 addresses, a malformed body or address: 400.
extension WhatsOnChainRoutes {
    /// The most addresses one bulk request may name (docs/reference/provider-apis.md §1.1).
    static let maxBulkAddresses = 20

    /// The body `{"addresses": [...]}`.
    private struct AddressesRequest: Decodable {
        let addresses: [String]
    }

    /// Adds the bulk routes under `prefix`.
    func registerBulkRoutes(in router: inout HTTPRouter, at prefix: String) {
        let routes = self
        router.add("POST", prefix + "/addresses/confirmed/history") { request, _ in
            routes.bulk(request) { address in
                let history = routes.chain.history(of: address).confirmed
                let page = try? HistoryPage(history, request: request, configuration: routes.configuration)
                let items = (page?.entries ?? []).map {
                    WhatsOnChainJSON.HistoryItem(tx_hash: $0.txid.displayHex, height: $0.height)
                }
                return (items, page?.nextPageToken)
            }
        }
        router.add("POST", prefix + "/addresses/unconfirmed/history") { request, _ in
            routes.bulk(request) { address in
                let mempool = routes.chain.history(of: address).unconfirmed
                return (mempool.map { WhatsOnChainJSON.HistoryItem(tx_hash: $0.displayHex, height: nil) }, nil)
            }
        }
        router.add("POST", prefix + "/addresses/confirmed/unspent") { request, _ in
            routes.bulkUnspent(request, confirmed: true)
        }
        router.add("POST", prefix + "/addresses/unconfirmed/unspent") { request, _ in
            routes.bulkUnspent(request, confirmed: false)
        }
    }

    /// One bulk unspent listing.
    private func bulkUnspent(_ request: HTTPRequest, confirmed: Bool) -> HTTPResponse {
        bulk(request) { address in
            let outputs = chain.unspentOutputs(of: address).filter { $0.isConfirmed == confirmed }
            return (outputs.map(WhatsOnChainJSON.UnspentItem.init), nil)
        }
    }

    /// One bulk reply: `list` gives each address's items and next-page token.
    private func bulk<Item: Encodable>(
        _ request: HTTPRequest, _ list: (Address) -> ([Item], String?)
    ) -> HTTPResponse {
        guard let body = APIRequest.json(AddressesRequest.self, from: request.body) else {
            return .text("the body must be {\"addresses\": [...]}", status: 400)
        }
        guard body.addresses.count <= Self.maxBulkAddresses else {
            return .text("at most \(Self.maxBulkAddresses) addresses per request", status: 400)
        }
        var replies: [WhatsOnChainJSON.Wrapped<Item>] = []
        for text in body.addresses {
            guard let address = APIRequest.address(text) else {
                return .text("invalid address: expected a regtest P2PKH address", status: 400)
            }
            let (items, token) = list(address)
            replies.append(
                WhatsOnChainJSON.Wrapped(
                    address: address.string, script: APIRequest.scriptHash(Script(p2pkhPaying: address)),
                    result: items, error: "", nextPageToken: token))
        }
        return .json(replies)
    }
}
