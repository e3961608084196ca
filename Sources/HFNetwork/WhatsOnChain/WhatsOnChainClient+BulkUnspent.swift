public import HFPrimitives

extension WhatsOnChainClient {
    /// The most addresses one bulk request names (the service's limit, provider-apis §1.1).
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
        var outputs: [String: [UnspentOutput]] = [:]
        var seen: Set<String> = []
        var paged: [Address] = []
        for start in stride(from: 0, to: addresses.count, by: Self.bulkAddressLimit) {
            let batch = Array(addresses[start..<min(start + Self.bulkAddressLimit, addresses.count)])
            for state in ["confirmed", "unconfirmed"] {
                for (address, entry) in try await bulkUnspent(batch, state) {
                    if entry.nextPageToken != nil {
                        if !paged.contains(address) { paged.append(address) }
                        continue
                    }
                    for output in entry.result where seen.insert("\(output.txid):\(output.vout)").inserted {
                        outputs[address.string, default: []].append(output)
                    }
                }
            }
        }
        for address in paged {
            outputs[address.string] = try await unspentOutputs(of: address)
        }
        for address in addresses where outputs[address.string] == nil { outputs[address.string] = [] }
        return outputs
    }

    /// One bulk request: each entry of the reply with the address it is about.
    private func bulkUnspent(
        _ batch: [Address], _ state: String
    ) async throws(NetworkError) -> [(Address, WrappedListJSON<UnspentOutput>)] {
        let body = Array("{\"addresses\":[\(batch.map { "\"\($0.string)\"" }.joined(separator: ","))]}".utf8)
        let request = try endpoint.request(
            "POST", ["addresses", state, "unspent"], headers: ["Content-Type": "application/json"], body: body)
        let reader = ResponseReader(request: request, response: try await transport.send(request))
        guard reader.status == 200 else { throw reader.unexpectedStatus() }
        let entries = try reader.json([WrappedListJSON<UnspentOutput>].self)
        var result: [(Address, WrappedListJSON<UnspentOutput>)] = []
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
