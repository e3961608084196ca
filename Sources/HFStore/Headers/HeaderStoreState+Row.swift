extension HeaderStoreState {
    /// Decodes and checks the table's row: `checkpoint, record_count, tip_digest, redo_index, redo_count,
    /// redo_digest`.
    ///
    /// - Throws: ``HeaderStoreError/damagedState(table:detail:)`` for values the store never writes.
    init(row: [SQLiteValue], table: String) throws(HeaderStoreError) {
        func damaged(_ detail: String) -> HeaderStoreError { .damagedState(table: table, detail: detail) }
        guard row.count == 6, case .blob(let checkpoint) = row[0], checkpoint.count == 32 else {
            throw damaged("bad checkpoint")
        }
        guard case .integer(let rawCount) = row[1], let count = Int(exactly: rawCount), count >= 0,
            count <= Int.max / HeaderFileStore.recordSize
        else {
            throw damaged("bad record count")
        }
        var tipDigest: [UInt8]?
        switch row[2] {
        case .null where count == 0: tipDigest = nil
        case .blob(let digest) where digest.count == 32 && count > 0: tipDigest = digest
        default: throw damaged("bad tip digest")
        }
        var redo: Redo?
        switch (row[3], row[4], row[5]) {
        case (.null, .null, .null):
            redo = nil
        case (.integer(let rawIndex), .integer(let rawRedoCount), .blob(let digest)):
            guard let index = Int(exactly: rawIndex), let redoCount = Int(exactly: rawRedoCount), index >= 0,
                index <= count, redoCount >= 0, redoCount <= Int.max / HeaderFileStore.recordSize - index,
                digest.count == 32
            else {
                throw damaged("bad pending rewrite")
            }
            redo = Redo(index: index, count: redoCount, digest: digest)
        default:
            throw damaged("bad pending rewrite")
        }
        self.init(checkpoint: checkpoint, count: count, tipDigest: tipDigest, redo: redo)
    }
}
