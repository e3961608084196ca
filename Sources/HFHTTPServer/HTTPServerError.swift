#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

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
    private static func reason(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }
}
