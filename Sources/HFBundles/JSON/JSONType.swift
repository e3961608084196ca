/// The kinds of JSON value, as error messages name them.
public enum JSONType: String, Hashable, Sendable, CustomStringConvertible {
    /// `null`.
    case null
    /// `true` or `false`.
    case boolean
    /// An integer (bundles use no other numbers).
    case integer
    /// A string.
    case string
    /// An array.
    case array
    /// An object.
    case object

    /// The name with an article, e.g. "an object".
    public var description: String {
        switch self {
        case .null: "null"
        case .boolean: "a boolean"
        case .integer: "an integer"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
