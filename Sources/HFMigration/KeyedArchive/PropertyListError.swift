/// Why a binary property list or a keyed archive was refused. Carries no item data.
public enum PropertyListError: Error, Equatable, Sendable {
    /// Not a `bplist00` file, or its trailer or offset table is inconsistent.
    case malformed(String)
    /// Larger, deeper or with more objects than the reader accepts.
    case tooLarge(String)
    /// A valid property list that is not the keyed-archive layout expected.
    case unexpectedLayout(String)
}

extension PropertyListError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .malformed(let reason): "malformed binary property list: \(reason)"
        case .tooLarge(let reason): "binary property list over the limits: \(reason)"
        case .unexpectedLayout(let reason): "not a keyed archive of strings: \(reason)"
        }
    }
}
