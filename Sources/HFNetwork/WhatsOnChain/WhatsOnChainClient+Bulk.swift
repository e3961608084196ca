public import HFPrimitives

extension WhatsOnChainClient {
    /// The most addresses one bulk request names (the service's limit, docs/reference/provider-apis.md §1.1).
    public static let bulkAddressLimit = 20

    /// The unspent outputs of many addresses, confirmed and unconfirmed, asked in bulk: `POST
    /// /addresses/confirmed/unspent` and `POST /addresses/unconfirmed/unspent` with `{"addresses": [...]}`, at most
    /// `bulkAddressLimit` per request, so `2 × ⌈n / 20⌉` requests for `n` addresses (never one per address). An
    /// address whose bulk entry carries a page token (more outputs than one reply holds) is listed again alone
    /// through `unspentOutputs(of:)`, which follows the tokens. Duplicate outpoints are dropped.
    /// - Returns: each address's outputs, keyed by the address's text; an address the service leaves out of its
    ///   reply has an empty list.
    /// - Throws: `NetworkError`; `.serviceReportedError` when an entry's `error` is not empty;
    ///   `.malformedResponse` when an entry is about an address not asked.
    public func unspentOutputs(ofAll addresses: [Address]) async throws(NetworkError) -> [String: [UnspentOutput]] {
        var outputs = try await bulk(addresses, ["confirmed", "unconfirmed"], "unspent", key: { "\($0.txid):\($0.vout)" }) {
            address throws(NetworkError) in try await unspentOutputs(of: address)
        }
        for address in addresses where outputs[address.string] == nil { outputs[address.string] = [] }
        return outputs
    }

    /// The confirmed history of many addresses, asked in bulk: `POST /addresses/confirmed/history` with
    /// `{"addresses": [...]}`, at most `bulkAddressLimit` per request, so `⌈n / 20⌉` requests for `n` addresses. An
    /// address whose entry carries a page token is listed again alone through `confirmedHistory(of:)`, which
    /// follows the tokens. Duplicate txids of an address are dropped (the first is kept).
    /// - Returns: each address's history, keyed by the address's text (empty when the service leaves it out).
    /// - Throws: as `unspentOutputs(ofAll:)`.
    public func confirmedHistory(ofAll addresses: [Address]) async throws(NetworkError) -> [String: [HistoryItem]] {
        try await history(addresses, "confirmed") { address throws(NetworkError) in try await confirmedHistory(of: address) }
    }

    /// The mempool history of many addresses, asked in bulk: `POST /addresses/unconfirmed/history`, as
    /// `confirmedHistory(ofAll:)` (heights are nil).
    public func unconfirmedHistory(ofAll addresses: [Address]) async throws(NetworkError) -> [String: [HistoryItem]] {
        try await history(addresses, "unconfirmed") { address throws(NetworkError) in
            try await unconfirmedHistory(of: address)
        }
    }

    /// A bulk history listing, with an entry (maybe empty) for every address asked.
    private func history(
        _ addresses: [Address], _ state: String,
        single: (Address) async throws(NetworkError) -> [HistoryItem]
    ) async throws(NetworkError) -> [String: [HistoryItem]] {
        var history = try await bulk(addresses, [state], "history", key: { $0.txid.displayHex }, single: single)
        for address in addresses where history[address.string] == nil { history[address.string] = [] }
        return history
    }

    /// One bulk listing (`POST /addresses/{state}/{listing}` for each state) over `addresses`, 20 at a time. Items
    /// are kept per address without duplicates (by `key`, across the states); an address whose entry has a page
    /// token is listed again, whole, by `single`.
    private func bulk<Item: Decodable>(
        _ addresses: [Address], _ states: [String], _ listing: String, key: (Item) -> String,
        single: (Address) async throws(NetworkError) -> [Item]
    ) async throws(NetworkError) -> [String: [Item]] {
        var items: [String: [Item]] = [:]
        var seen: [String: Set<String>] = [:]
        var paged: [Address] = []
        for start in stride(from: 0, to: addresses.count, by: Self.bulkAddressLimit) {
            let batch = Array(addresses[start..<min(start + Self.bulkAddressLimit, addresses.count)])
            for state in states {
                let entries: [(Address, WrappedListJSON<Item>)] = try await bulkRequest(batch, ["addresses", state, listing])
                for (address, entry) in entries {
                    if entry.nextPageToken != nil {
                        if !paged.contains(address) { paged.append(address) }
                        continue
                    }
                    for item in entry.result where seen[address.string, default: []].insert(key(item)).inserted {
                        items[address.string, default: []].append(item)
                    }
                }
            }
        }
        for address in paged { items[address.string] = try await single(address) }
        return items
    }

    /// One bulk request: each entry of the reply with the address it is about.
    private func bulkRequest<Item: Decodable>(
        _ batch: [Address], _ segments: [String]
    ) async throws(NetworkError) -> [(Address, WrappedListJSON<Item>)] {
        let body = Array("{\"addresses\":[\(batch.map { "\"\($0.string)\"" }.joined(separator: ","))]}".utf8)
        let request = try endpoint.request("POST", segments, headers: ["Content-Type": "application/json"], body: body)
        let reader = ResponseReader(request: request, response: try await transport.send(request))
        guard reader.status == 200 else { throw reader.unexpectedStatus() }
        let entries = try reader.json([WrappedListJSON<Item>].self)
        var result: [(Address, WrappedListJSON<Item>)] = []
        for entry in entries {
            guard let text = entry.address, let address = batch.first(where: { $0.string == text }) else {
                throw reader.malformed("an entry is about an address that was not asked")
            }
            guard entry.error.isEmpty else {
                throw .serviceReportedError(reader.request.call, message: reader.request.sanitized(entry.error))
            }
            result.append((address, entry))
        }
        return result
    }
}
