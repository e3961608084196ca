/// Something an `HTTPTransport` reports while it works, for progress display and logs.
public enum TransportEvent: Sendable, Equatable, CustomStringConvertible {
    /// An attempt failed transiently; the next starts after `delay`. The error says which call and why.
    case retrying(after: NetworkError, delay: Duration)

    /// `retrying in <delay>: <error>`; never contains a secret.
    public var description: String {
        switch self {
        case .retrying(let error, let delay):
            let (seconds, attoseconds) = delay.components
            let millis = seconds * 1000 + attoseconds / 1_000_000_000_000_000
            return "retrying in \(millis) ms: \(error)"
        }
    }
}
