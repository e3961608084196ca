internal import CSQLite

extension Statement {
    /// The number of columns in a result row.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// The name of column `index` (0-based), as the query spelled it or aliased it.
    public func columnName(at index: Int) -> String {
        precondition((0..<columnCount).contains(index), "Statement: column \(index) out of range")
        return sqlite3_column_name(handle, Int32(index)).map { String(cString: $0) } ?? ""
    }

    /// The storage class of column `index` (0-based) in the current row.
    public func storageClass(at index: Int) -> SQLiteStorageClass {
        precondition((0..<columnCount).contains(index), "Statement: column \(index) out of range")
        switch sqlite3_column_type(handle, Int32(index)) {
        case SQLITE_INTEGER: return .integer
        case SQLITE_FLOAT: return .real
        case SQLITE_TEXT: return .text
        case SQLITE_BLOB: return .blob
        default: return .null
        }
    }

    /// Whether column `index` (0-based) of the current row is `NULL`.
    public func isNull(at index: Int) -> Bool { storageClass(at: index) == .null }

    /// Column `index` (0-based) of the current row, which must hold an integer.
    ///
    /// - Throws: ``DatabaseError/typeMismatch(column:expected:found:sql:)`` for any other storage class, `NULL`
    ///   included (SQLite's own conversions, such as `NULL` → 0, are never applied).
    public func int64(at index: Int) throws(DatabaseError) -> Int64 {
        try expect(.integer, at: index)
        return sqlite3_column_int64(handle, Int32(index))
    }

    /// Column `index` (0-based) of the current row, which must hold an integer that fits `Int`.
    public func int(at index: Int) throws(DatabaseError) -> Int {
        let value = try int64(at: index)
        guard let result = Int(exactly: value) else {
            throw .integerOutOfRange(column: index, value: value, sql: sql)
        }
        return result
    }

    /// Column `index` (0-based) of the current row, which must hold valid UTF-8 text.
    public func string(at index: Int) throws(DatabaseError) -> String {
        try expect(.text, at: index)
        let pointer = sqlite3_column_text(handle, Int32(index))
        let count = Int(sqlite3_column_bytes(handle, Int32(index)))
        guard let pointer, count > 0 else { return "" }
        guard let text = String(validating: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self) else {
            throw .invalidText(column: index, sql: sql)
        }
        return text
    }

    /// Column `index` (0-based) of the current row, which must hold a blob. Its size is bounded by the
    /// connection's `maximumValueLength`.
    public func blob(at index: Int) throws(DatabaseError) -> [UInt8] {
        try expect(.blob, at: index)
        let pointer = sqlite3_column_blob(handle, Int32(index))
        let count = Int(sqlite3_column_bytes(handle, Int32(index)))
        guard let pointer, count > 0 else { return [] }
        return [UInt8](UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// Column `index` (0-based) of the current row, whatever its storage class.
    ///
    /// - Throws: ``DatabaseError/invalidText(column:sql:)`` for text that is not UTF-8.
    public func value(at index: Int) throws(DatabaseError) -> SQLiteValue {
        switch storageClass(at: index) {
        case .null: .null
        case .integer: .integer(sqlite3_column_int64(handle, Int32(index)))
        case .real: .real(sqlite3_column_double(handle, Int32(index)))
        case .text: .text(try string(at: index))
        case .blob: .blob(try blob(at: index))
        }
    }

    /// Throws unless column `index` holds `expected`.
    private func expect(_ expected: SQLiteStorageClass, at index: Int) throws(DatabaseError) {
        let found = storageClass(at: index)
        guard found == expected else {
            throw .typeMismatch(column: index, expected: expected, found: found, sql: sql)
        }
    }
}
