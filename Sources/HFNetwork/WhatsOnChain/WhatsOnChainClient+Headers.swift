public import HFPrimitives

extension WhatsOnChainClient {
    /// The most headers `latestHeaderBytes(count:)` may ask for (the service's limit for `count`).
    public static let maxLatestHeaderCount = 100

    /// The latest headers (`GET /block/headers`, 10 by default), newest first as the service sends them.
    /// - Throws: `NetworkError`; `.malformedResponse` if a header's fields do not hash to its block hash.
    public func latestHeaders() async throws(NetworkError) -> [BlockHeaderRecord] {
        let reader = try await get(["block", "headers"])
        guard reader.status == 200 else { throw reader.unexpectedStatus() }
        return try reader.json([HeaderFieldsJSON].self).map { fields throws(NetworkError) in
            guard let record = fields.record() else { throw reader.malformed(Self.hashMismatch(fields)) }
            return record
        }
    }

    /// The header at `height` in the service's best chain (`GET /block/{height}/header`), or nil if the service
    /// has no block at that height (404).
    /// - Throws: `NetworkError`; `.malformedResponse` if the fields do not hash to the block hash or the height
    ///   differs.
    public func header(height: Int) async throws(NetworkError) -> BlockHeaderRecord? {
        guard height >= 0 else { return nil }
        return try await header(["block", String(height), "header"]) { record in
            record.height == height ? nil : "asked for height \(height), got \(record.height)"
        }
    }

    /// The header with hash `hash` (`GET /block/{hash}/header`), or nil if the service does not know it (404).
    /// - Throws: `NetworkError`; `.malformedResponse` if the fields do not hash to `hash`.
    public func header(hash: BlockHash) async throws(NetworkError) -> BlockHeaderRecord? {
        try await header(["block", hash.displayHex, "header"]) { record in
            record.hash == hash ? nil : "asked for block \(hash), got \(record.hash)"
        }
    }

    /// The latest `count` headers as raw 80-byte headers (`GET /block/headers/latest?count=N`), oldest first.
    ///
    /// The binary reply carries no heights: place the run by linking its first header's previous-block hash to a
    /// known header.
    /// - Parameter count: 1 to `maxLatestHeaderCount`.
    /// - Throws: `NetworkError`; `.malformedResponse` if the body is not whole headers, holds more than asked,
    ///   or the headers do not link to each other; `.invalidConfiguration` for a count out of range.
    public func latestHeaderBytes(count: Int) async throws(NetworkError) -> [BlockHeader] {
        guard (1...Self.maxLatestHeaderCount).contains(count) else {
            throw .invalidConfiguration("ask for 1 to \(Self.maxLatestHeaderCount) latest headers, not \(count)")
        }
        let reader = try await get(
            ["block", "headers", "latest"], query: [("count", String(count))],
            headers: ["Accept": "application/octet-stream"], maxResponseBytes: count * BlockHeader.byteCount)
        guard reader.status == 200 else { throw reader.unexpectedStatus() }
        let body = reader.response.body
        guard !body.isEmpty, body.count % BlockHeader.byteCount == 0 else {
            throw reader.malformed("\(body.count) bytes are not a whole number of 80-byte headers")
        }
        var headers: [BlockHeader] = []
        for start in stride(from: 0, to: body.count, by: BlockHeader.byteCount) {
            guard let header = try? BlockHeader(bytes: Array(body[start..<(start + BlockHeader.byteCount)])) else {
                throw reader.malformed("a header could not be read")
            }
            if let last = headers.last, header.previousBlockHash != last.hash {
                throw reader.malformed(
                    "the latest headers do not link to each other (the reply carries no heights; the break is "
                        + "after its first \(headers.count)); try again later or use another service")
            }
            headers.append(header)
        }
        return headers
    }

    /// One header object from `segments`, or nil on 404.
    /// - Parameter mismatch: says why the record is not the one asked for, or nil if it is.
    private func header(
        _ segments: [String], mismatch: (BlockHeaderRecord) -> String?
    ) async throws(NetworkError) -> BlockHeaderRecord? {
        let reader = try await get(segments)
        if reader.status == 404 { return nil }
        guard reader.status == 200 else { throw reader.unexpectedStatus() }
        let fields = try reader.json(HeaderFieldsJSON.self)
        guard let record = fields.record() else { throw reader.malformed(Self.hashMismatch(fields)) }
        if let reason = mismatch(record) { throw reader.malformed(reason) }
        return record
    }

    /// The reason given when header fields do not hash to the block hash.
    private static func hashMismatch(_ fields: HeaderFieldsJSON) -> String {
        return "the header at height \(fields.height) does not hash to its block hash \(fields.hash)"
    }
}
