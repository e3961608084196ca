/// One SQLite value, in one of SQLite's five storage classes.
///
/// Used to bind several parameters at once (``Statement/bind(_:)``) and to read a column whose type is not known in
/// advance (``Statement/value(at:)``).
public enum SQLiteValue: Equatable, Hashable, Sendable {
    /// SQL `NULL`.
    case null
    /// A 64-bit signed integer.
    case integer(Int64)
    /// An IEEE 754 double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes.
    case blob([UInt8])

    /// The storage class of the value.
    public var storageClass: SQLiteStorageClass {
        switch self {
        case .null: .null
        case .integer: .integer
        case .real: .real
        case .text: .text
        case .blob: .blob
        }
    }
}

/// SQLite's storage classes, as reported for a column of the current row.
public enum SQLiteStorageClass: String, Equatable, Hashable, Sendable {
    /// SQL `NULL`.
    case null
    /// An integer.
    case integer
    /// A floating-point number.
    case real
    /// Text.
    case text
    /// A blob.
    case blob
}
