import HFSystem

/// Why the HTTP server could not start.
public enum HTTPServerError: Error, Equatable, Sendable {
    /// `start()` was called on a server that is already running.
    case alreadyRunning
    /// The kernel refused a socket or pipe (the `errno` value).
    case socketFailed(errno: Int32)
    /// 127.0.0.1:`port` could not be bound, usually because another process uses the port.
    case bindFailed(port: UInt16, errno: Int32)
    /// The bound socket could not listen.
    case listenFailed(errno: Int32)
}

extension HTTPServerError: CustomStringConvertible {
    /// A sentence saying what failed and what to do.
    public var description: String {
        switch self {
        case .alreadyRunning:
            "the HTTP server is already running; stop it before starting it again"
        case .socketFailed(let code):
            "the system refused to create a socket (\(Self.reason(code))); check the process's descriptor limit"
        case .bindFailed(let port, let code):
            "cannot listen on 127.0.0.1:\(port) (\(Self.reason(code))); choose another port, or 0 for any free one"
        case .listenFailed(let code):
            "the socket could not listen (\(Self.reason(code)))"
        }
    }

    /// The C library's text for an `errno` value.
    private static func reason(_ code: Int32) -> String { Errno.describe(code) }

    /// Whether the machine lacks the address family or the address itself (no IPv6, or no ::1): the socket was
    /// refused, or binding said `EADDRNOTAVAIL`. Nothing else can listen there either.
    public var isAddressUnavailable: Bool {
        switch self {
        case .socketFailed: true
        case .bindFailed(_, let code): code == Errno.addressNotAvailable
        default: false
        }
    }

    /// The error of a failed socket call of HFSystem's ``Socket`` while binding `port`.
    init(_ error: Errno, port: UInt16) {
        switch error.call {
        case .bind: self = .bindFailed(port: port, errno: error.code)
        case .listen: self = .listenFailed(errno: error.code)
        default: self = .socketFailed(errno: error.code)
        }
    }
}
