/// An error type that can carry a ``DatabaseError``, so that ``Database/transaction(_:)`` can report its own
/// `BEGIN`/`COMMIT` failures in the caller's error type.
///
/// ``DatabaseError`` conforms (as itself). A domain error usually conforms with a `.database(DatabaseError)` case.
public protocol DatabaseErrorConvertible: Error {
    /// Wraps a database failure.
    init(databaseError: DatabaseError)
}

extension DatabaseError: DatabaseErrorConvertible {
    /// The error itself.
    public init(databaseError: DatabaseError) { self = databaseError }
}
