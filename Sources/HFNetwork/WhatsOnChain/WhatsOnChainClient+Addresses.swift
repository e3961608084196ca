public import HFPrimitives

extension WhatsOnChainClient {
    /// The most pages one listing follows before giving up (a service that never stops paging).
    public static let maxPages = 10_000

    /// The confirmed history of `address` (`GET /address/{address}/confirmed/history`), all pages, without
    /// duplicate txids (the first occurrence is kept). A 404 means no history.
    /// - Parameter fromHeight: the `height` filter (the service's start height), or nil for all.
    /// - Throws: `NetworkError`; `.serviceReportedError` when the reply's `error` is not empty.
    public func confirmedHistory(
        of address: Address, fromHeight: Int? = nil
    ) async throws(NetworkError) -> [HistoryItem] {
        let query = fromHeight.map { [("height", String($0))] } ?? []
        let items: [HistoryItem] = try await pages(["address", address.string, "confirmed", "history"], query, address)
        var seen: Set<Txid> = []
        return items.filter { seen.insert($0.txid).inserted }
    }

    /// The mempool history of `address` (`GET /address/{address}/unconfirmed/history`), all pages, without
    /// duplicate txids. Heights are nil. A 404 means no history.
    /// - Throws: `NetworkError`; `.serviceReportedError` when the reply's `error` is not empty.
    public func unconfirmedHistory(of address: Address) async throws(NetworkError) -> [HistoryItem] {
        let items: [HistoryItem] = try await pages(["address", address.string, "unconfirmed", "history"], [], address)
        var seen: Set<Txid> = []
        return items.filter { seen.insert($0.txid).inserted }
    }

    /// The unspent outputs of `address`, confirmed and unconfirmed (`GET /address/{address}/unspent/all`),
    /// following page tokens if the service sends any, without duplicate outpoints. A 404 means none.
    /// - Throws: `NetworkError`; `.serviceReportedError` when the reply's `error` is not empty.
    public func unspentOutputs(of address: Address) async throws(NetworkError) -> [UnspentOutput] {
        let items: [UnspentOutput] = try await pages(["address", address.string, "unspent", "all"], [], address)
        var seen: Set<String> = []
        return items.filter { seen.insert("\($0.txid):\($0.vout)").inserted }
    }

    /// Every page of a wrapped listing, following `nextPageToken` (passed back as `token`).
    private func pages<Item: Decodable>(
        _ segments: [String], _ query: [(String, String)], _ address: Address
    ) async throws(NetworkError) -> [Item] {
        var items: [Item] = []
        var token: String?
        var tokensSeen: Set<String> = []
        for _ in 0..<Self.maxPages {
            let reader = try await get(segments, query: query + (token.map { [("token", $0)] } ?? []))
            if reader.status == 404 { return items }
            guard reader.status == 200 else { throw reader.unexpectedStatus() }
            let page =
                reader.bodyIsArray
                ? WrappedListJSON(items: try reader.json([Item].self)) : try reader.json(WrappedListJSON<Item>.self)
            guard page.error.isEmpty else {
                throw .serviceReportedError(reader.request.call, message: reader.request.sanitized(page.error))
            }
            if let other = page.address, other != address.string {
                throw reader.malformed("the reply is about another address")
            }
            items += page.result
            guard let next = page.nextPageToken else { return items }
            guard tokensSeen.insert(next).inserted else { throw reader.malformed("the service repeated a page token") }
            token = next
        }
        throw .malformedResponse(
            try endpoint.request("GET", segments).call, reason: "the service sent more than \(Self.maxPages) pages")
    }
}
