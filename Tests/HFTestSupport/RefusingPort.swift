#if canImport(Glibc)
    import Glibc
#endif

/// A port on 127.0.0.1 that refuses connections for as long as the value lives: a socket is bound to it but never
/// listens, so no server started meanwhile (by a test running in parallel) can be given the same port.
public final class RefusingPort {
    /// The bound socket.
    private let descriptor: Int32
    /// The port.
    public let port: UInt16

    /// Binds a socket to a free port without listening.
    public init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr = in_addr(s_addr: UInt32(0x7f00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard descriptor >= 0, bound else { throw NoPort() }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }

    /// No port could be reserved.
    public struct NoPort: Error {}
}
