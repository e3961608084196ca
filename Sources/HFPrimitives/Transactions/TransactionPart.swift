/// Where in a serialized transaction a decoding problem was found, for `TransactionError`.
public enum TransactionPart: Hashable, Sendable, CustomStringConvertible {
    /// The 4-byte version.
    case version
    /// The 6-byte extended-format marker after the version (EF only).
    case extendedMarker
    /// The VarInt number of inputs.
    case inputCount
    /// The input at this index (from 0), including, in extended format, its source output.
    case input(Int)
    /// The VarInt number of outputs.
    case outputCount
    /// The output at this index (from 0).
    case output(Int)
    /// The 4-byte lock time.
    case lockTime

    /// The part in words, e.g. `input 3`.
    public var description: String {
        switch self {
        case .version: "the version"
        case .extendedMarker: "the extended-format marker"
        case .inputCount: "the input count"
        case .input(let index): "input \(index)"
        case .outputCount: "the output count"
        case .output(let index): "output \(index)"
        case .lockTime: "the lock time"
        }
    }
}
