import HFSystem

/// The client end of a request being handled: lets a handler that waits long (a wallet call waiting for its
/// signer) notice that the client went away, and stop waiting so that its connection slot is freed.
public final class HTTPClient: Sendable, Equatable {
    /// The connected socket (owned by the connection; valid while the handler runs).
    let descriptor: Int32

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// Whether the client still holds its end of the connection open (it has not closed or reset it).
    public var isConnected: Bool { !Socket.peerHasGoneAway(descriptor) }

    public static func == (lhs: HTTPClient, rhs: HTTPClient) -> Bool { lhs === rhs }
}
