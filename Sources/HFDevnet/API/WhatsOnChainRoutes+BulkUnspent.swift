import HFPrimitives

// WhatsOnChain's bulk unspent listings: `POST /addresses/confirmed/unspent` and `/addresses/unconfirmed/unspent`
// with `{"addresses": [...]}` (at most 20) answer a JSON array of wrapped `{address, script, result, error}`
// objects, one per address asked, in the order asked. More than 20 addresses, a malformed body or address: 400.
extension WhatsOnChainRoutes {
    /// The most addresses one bulk request may name (provider-apis §1.1).
    static let maxBulkAddresses = 20

    /// The body `{"addresses": [...]}`.
    private struct AddressesRequest: Decodable {
        let addresses: [String]
    }

    /// Adds the bulk routes under `prefix`.
    func registerBulkUnspentRoutes(in router: inout HTTPRouter, at prefix: String) {
        let routes = self
        router.add("POST", prefix + "/addresses/confirmed/unspent") { request, _ in
            routes.bulkUnspent(request, confirmed: true)
        }
        router.add("POST", prefix + "/addresses/unconfirmed/unspent") { request, _ in
            routes.bulkUnspent(request, confirmed: false)
        }
    }

    /// One bulk listing.
    private func bulkUnspent(_ request: HTTPRequest, confirmed: Bool) -> HTTPResponse {
        guard let body = APIRequest.json(AddressesRequest.self, from: request.body) else {
            return .text("the body must be {\"addresses\": [...]}", status: 400)
        }
        guard body.addresses.count <= Self.maxBulkAddresses else {
            return .text("at most \(Self.maxBulkAddresses) addresses per request", status: 400)
        }
        var replies: [WhatsOnChainJSON.Wrapped<WhatsOnChainJSON.UnspentItem>] = []
        for text in body.addresses {
            guard let address = APIRequest.address(text) else {
                return .text("invalid address: expected a regtest P2PKH address", status: 400)
            }
            let outputs = chain.unspentOutputs(of: address).filter { $0.isConfirmed == confirmed }
            replies.append(
                WhatsOnChainJSON.Wrapped(
                    address: address.string, script: APIRequest.scriptHash(Script(p2pkhPaying: address)),
                    result: outputs.map(WhatsOnChainJSON.UnspentItem.init), error: "", nextPageToken: nil))
        }
        return .json(replies)
    }
}
