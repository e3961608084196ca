/// Why a `FeeRate` could not be made.
public enum FeeRateError: Error, Equatable, Sendable {
    /// The rate's byte count is 0, which would divide by zero.
    case zeroBytes
}

extension FeeRateError: CustomStringConvertible {
    /// A sentence saying what was wrong and what to do.
    public var description: String {
        switch self {
        case .zeroBytes: "a fee rate must cover at least 1 byte; give it as satoshis per a positive number of bytes"
        }
    }
}
