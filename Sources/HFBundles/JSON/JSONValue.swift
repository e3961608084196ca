/// A JSON value (RFC 8259) as the strict bundle parser produces it and the canonical writer consumes it.
///
/// Numbers are integers only (see `JSONNumber`). Objects are dictionaries: the parser rejects duplicate keys, so no
/// member is ever lost, and member order carries no meaning (the writer sorts keys by their UTF-8 bytes). Because
/// Swift compares strings by canonical equivalence, two keys that differ only in Unicode normalization count as
/// duplicates and are rejected too.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer.
    case number(JSONNumber)
    /// A string (any Unicode text; the parser has already checked the UTF-8 and the escapes).
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object; keys are unique.
    case object([String: JSONValue])

    // MARK: - Properties

    /// The kind of value, as named in error messages.
    public var type: JSONType {
        switch self {
        case .null: .null
        case .bool: .boolean
        case .number: .integer
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    // MARK: - Static members

    /// An integer value.
    public static func integer(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }

    /// An integer value.
    public static func integer(_ value: Int64) -> JSONValue { .number(JSONNumber(value)) }

    /// An integer value.
    public static func integer(_ value: UInt64) -> JSONValue { .number(JSONNumber(value)) }
}
