internal import CSQLite

extension Statement {
    /// Binds `value` to parameter `index` (1-based).
    ///
    /// Bind before the first ``step()``, or after ``reset()``.
    /// - Throws: ``DatabaseError/failed(code:message:sql:)`` (`SQLITE_RANGE` for a bad index).
    public func bind(_ value: Int64, at index: Int) throws(DatabaseError) {
        try check(sqlite3_bind_int64(handle, Int32(clamping: index), value))
    }

    /// Binds `value` to parameter `index` (1-based) as a 64-bit integer.
    public func bind(_ value: Int, at index: Int) throws(DatabaseError) {
        try bind(Int64(value), at: index)
    }

    /// Binds `value` to parameter `index` (1-based) as UTF-8 text (SQLite copies it).
    public func bind(_ value: String, at index: Int) throws(DatabaseError) {
        let text = Array(value.utf8CString)
        let code = text.withUnsafeBufferPointer { buffer in
            sqlite3_bind_text64(
                handle, Int32(clamping: index), buffer.baseAddress, UInt64(buffer.count - 1), Self.transient,
                UInt8(SQLITE_UTF8))
        }
        try check(code)
    }

    /// Binds `value` to parameter `index` (1-based) as a blob (SQLite copies it; an empty array is an empty blob,
    /// not `NULL`).
    public func bind(_ value: [UInt8], at index: Int) throws(DatabaseError) {
        let code = value.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else {
                return sqlite3_bind_zeroblob(handle, Int32(clamping: index), 0)
            }
            return sqlite3_bind_blob64(handle, Int32(clamping: index), base, UInt64(buffer.count), Self.transient)
        }
        try check(code)
    }

    /// Binds SQL `NULL` to parameter `index` (1-based).
    public func bindNull(at index: Int) throws(DatabaseError) {
        try check(sqlite3_bind_null(handle, Int32(clamping: index)))
    }

    /// Binds any ``SQLiteValue`` to parameter `index` (1-based).
    public func bind(_ value: SQLiteValue, at index: Int) throws(DatabaseError) {
        switch value {
        case .null: try bindNull(at: index)
        case .integer(let integer): try bind(integer, at: index)
        case .real(let real): try check(sqlite3_bind_double(handle, Int32(clamping: index), real))
        case .text(let text): try bind(text, at: index)
        case .blob(let bytes): try bind(bytes, at: index)
        }
    }

    /// Resets the statement and binds `values` to parameters 1, 2, … in order.
    ///
    /// - Throws: ``DatabaseError/parameterCountMismatch(expected:given:sql:)`` unless there is exactly one value
    ///   per parameter.
    public func bind(_ values: [SQLiteValue]) throws(DatabaseError) {
        guard values.count == parameterCount else {
            throw .parameterCountMismatch(expected: parameterCount, given: values.count, sql: sql)
        }
        reset()
        for (offset, value) in values.enumerated() { try bind(value, at: offset + 1) }
    }

    /// Turns a bind result into an error.
    private func check(_ code: Int32) throws(DatabaseError) {
        guard code == SQLITE_OK else { throw database.failure(code, sql: sql) }
    }

    /// `SQLITE_TRANSIENT`: SQLite copies the bytes before the bind call returns. (The C macro is a cast that Swift
    /// does not import.)
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    }
}
