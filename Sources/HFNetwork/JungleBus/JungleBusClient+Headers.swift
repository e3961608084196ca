import HFPrimitives

extension JungleBusClient {
    /// A run of headers from `height` (`GET /block_header/list/{height − 1}?limit={count + 1}`), oldest first; fewer
    /// than `count` near the service's tip, none beyond it.
    ///
    /// JungleBus header objects carry no previous-block hash, so the list starts one block early: each header is
    /// rebuilt with the hash of the one before it and must hash to its own reported hash, and heights must be
    /// consecutive. The run is thereby linked and self-consistent; the SPV core still validates it against the
    /// local chain (its first header must link to the local header at `height − 1`).
    /// - Parameters:
    ///   - height: the first height wanted, at least 0 (0 is genesis, whose previous hash is all zeros).
    ///   - count: 1 to `maxHeaderCount`.
    /// - Throws: `NetworkError`; `.malformedResponse` for a gap, a wrong height, or fields that do not hash to
    ///   the reported hash; `.invalidConfiguration` for arguments out of range.
    public func headers(from height: Int, count: Int) async throws(NetworkError) -> [BlockHeaderRecord] {
        guard height >= 0, (1...Self.maxHeaderCount).contains(count) else {
            throw .invalidConfiguration("ask for 1 to \(Self.maxHeaderCount) headers from a height of 0 or more")
        }
        let start = max(0, height - 1)
        let limit = height == 0 ? count : count + 1
        let reader = try await get(
            ["block_header", "list", String(start)], query: [("limit", String(limit))])
        if reader.status == 404 { return [] }
        guard reader.status == 200 else { throw reader.unexpectedStatus() }
        let list = try reader.json([HeaderFieldsJSON].self)
        guard list.count <= limit else {
            throw reader.malformed("\(list.count) headers, more than the \(limit) asked for")
        }
        for (offset, fields) in list.enumerated() where fields.height != start + offset {
            throw reader.malformed("expected height \(start + offset), got \(fields.height)")
        }
        var records: [BlockHeaderRecord] = []
        var previous: BlockHash? = nil
        for fields in list {
            defer { previous = fields.hash }
            if fields.height < height { continue }
            let record = previous.map { fields.record(previous: $0) } ?? fields.record()
            guard let record else {
                throw reader.malformed("the header at height \(fields.height) does not hash to \(fields.hash)")
            }
            records.append(record)
        }
        return records
    }
}
