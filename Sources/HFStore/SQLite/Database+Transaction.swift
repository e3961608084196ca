extension Database {
    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    ///
    /// The outermost call opens `BEGIN IMMEDIATE` (taking the write lock at once, so two writers never deadlock
    /// upgrading read locks) and ends with `COMMIT`, which with `synchronous=FULL` is durable when it returns.
    /// **Nested calls are savepoints**: an inner call that throws rolls back only its own changes (and the error
    /// continues to the outer body, which may catch it); an inner call that returns is kept or discarded with the
    /// outer transaction. A `BEGIN` run by hand through ``execute(_:)`` counts as an outer transaction.
    ///
    /// Swift 6.3 does not infer a closure's thrown type, so annotate the closure:
    /// `try db.transaction { () throws(DatabaseError) in … }`, or with your own ``DatabaseErrorConvertible`` type.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws (after rolling back), or a failure to begin or commit wrapped by
    ///   ``DatabaseErrorConvertible/init(databaseError:)``; after a failed commit the transaction is rolled back.
    public func transaction<R, E: DatabaseErrorConvertible>(_ body: () throws(E) -> R) throws(E) -> R {
        let nested = transactionDepth > 0 || isInTransaction
        let savepoint = "hf_savepoint_\(transactionDepth)"
        do {
            try execute(nested ? "SAVEPOINT \(savepoint)" : "BEGIN IMMEDIATE")
        } catch {
            throw E(databaseError: error)
        }
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        let result: R
        do {
            result = try body()
        } catch {
            rollBack(nested: nested, savepoint: savepoint)
            throw error
        }
        do {
            try execute(nested ? "RELEASE \(savepoint)" : "COMMIT")
        } catch {
            rollBack(nested: nested, savepoint: savepoint)
            throw E(databaseError: error)
        }
        return result
    }

    /// Undoes the current transaction or savepoint. Failures are ignored: SQLite has already rolled back after
    /// some errors (`SQLITE_FULL`, `SQLITE_IOERR`, …), and the caller's error is the one worth reporting.
    private func rollBack(nested: Bool, savepoint: String) {
        if nested {
            try? execute("ROLLBACK TO \(savepoint); RELEASE \(savepoint)")
        } else if isInTransaction {
            try? execute("ROLLBACK")
        }
    }
}
