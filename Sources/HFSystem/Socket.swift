#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The POSIX socket calls the HTTP server (HFHTTPServer) makes: with Platform.swift, the only file that imports the
/// C library, and the only one that calls these.
///
/// Every descriptor is close-on-exec, accepted connections are non-blocking, and waiting is done with `poll(2)` so
/// that a wake descriptor (the server's stop pipe) can interrupt any wait. Writes use `MSG_NOSIGNAL`, so a peer that
/// went away gives an error instead of `SIGPIPE`.
public enum Socket {
    /// What a wait for readiness ended with.
    public enum Readiness: Equatable, Sendable {
        /// The descriptor is ready (or has an error or hang-up that the next call will report).
        case ready
        /// The wake descriptor became readable: the server is stopping.
        case woken
        /// The time ran out.
        case timedOut
    }

    /// What one `recv` gave.
    public enum Received: Equatable, Sendable {
        /// This many bytes were appended to the buffer.
        case bytes(Int)
        /// The peer closed its side: no more bytes will come.
        case closed
        /// Nothing to read yet.
        case wouldBlock
        /// The connection failed (reset, or another error).
        case failed
    }

    /// What a wait is for.
    public enum Event: Sendable {
        /// Bytes to read (or a connection to accept, or the peer's end).
        case readable
        /// Room to write.
        case writable
    }

    /// The loopback address 127.0.0.1 in network byte order.
    static let loopback = in_addr(s_addr: UInt32(0x7f00_0001).bigEndian)

    // MARK: - Listening

    /// Opens a TCP socket listening on 127.0.0.1.
    /// - Parameters:
    ///   - port: the port to bind; 0 lets the kernel pick a free one.
    ///   - backlog: the listen queue length.
    /// - Returns: the non-blocking listening descriptor and the port it is bound to.
    /// - Throws: ``Errno`` of `socket`, `bind` or `listen`.
    public static func listen(port: UInt16, backlog: Int32) throws(Errno) -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Errno(code: errno, call: .socket) }
        // SO_REUSEADDR only for a fixed port (restarting over TIME_WAIT): with port 0 it would let the kernel hand
        // out a port another SO_REUSEADDR socket still holds, and two servers could end up sharing it.
        if port != 0 {
            var one: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = loopback
        try bindAndListen(descriptor, address, backlog: backlog)
        return (descriptor, boundPort(descriptor) ?? port)
    }

    /// Binds `descriptor` to `address` (a `sockaddr_in` or `sockaddr_in6`) and listens, non-blocking; closes it on
    /// failure.
    /// - Throws: ``Errno`` of `bind` or `listen`.
    private static func bindAndListen<Address>(_ descriptor: Int32, _ address: Address, backlog: Int32) throws(Errno) {
        var address = address
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, socklen_t(MemoryLayout<Address>.size))
            }
        }
        guard bound == 0 else {
            let code = errno
            close(descriptor)
            throw Errno(code: code, call: .bind)
        }
        guard Glibc.listen(descriptor, backlog) == 0, setNonBlocking(descriptor) else {
            let code = errno
            close(descriptor)
            throw Errno(code: code, call: .listen)
        }
    }

    /// The local port a socket is bound to, or nil if the kernel will not say.
    private static func boundPort(_ descriptor: Int32) -> UInt16? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                getsockname(descriptor, generic, &length)
            }
        }
        return result == 0 ? UInt16(bigEndian: address.sin_port) : nil
    }

    /// Opens a TCP socket listening on the IPv6 loopback address ::1 (IPv6 only: 127.0.0.1 has its own socket) at
    /// `port`, which must be given (the port the IPv4 socket got, so that `localhost` reaches one server whichever
    /// address it resolves to).
    /// - Throws: ``Errno`` of `socket` (no IPv6 on this machine), `bind` or `listen`.
    public static func listenIPv6Loopback(port: UInt16, backlog: Int32) throws(Errno) -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Errno(code: errno, call: .socket) }
        var one: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
        if port != 0 { _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size)) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = port.bigEndian
        address.sin6_addr = in6addr_loopback
        try bindAndListen(descriptor, address, backlog: backlog)
        return (descriptor, port)
    }

    /// What one `accept` gave.
    public enum Accepted: Equatable, Sendable {
        /// A new connection: a non-blocking, close-on-exec descriptor.
        case connection(Int32)
        /// No connection is pending.
        case none
        /// The accept failed (for example, out of descriptors); the caller should pause before trying again.
        case failed
    }

    /// Accepts one pending connection and makes it non-blocking and close-on-exec.
    public static func accept(_ listener: Int32) -> Accepted {
        while true {
            let descriptor = Glibc.accept(listener, nil, nil)
            if descriptor >= 0 {
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
                guard setNonBlocking(descriptor) else {
                    close(descriptor)
                    return .failed
                }
                return .connection(descriptor)
            }
            switch errno {
            case EINTR, ECONNABORTED: continue
            case EAGAIN, EWOULDBLOCK: return .none
            default: return .failed
            }
        }
    }

    /// Sleeps the calling thread for `milliseconds`.
    public static func pause(milliseconds: Int) {
        _ = usleep(useconds_t(milliseconds * 1000))
    }

    // MARK: - Waiting

    /// Waits until `descriptor` is ready for `events`, the wake descriptor is readable, or the time runs out.
    /// - Parameters:
    ///   - descriptor: the socket to wait on.
    ///   - event: what to wait for.
    ///   - wake: a descriptor whose readability means "stop waiting", or nil.
    ///   - milliseconds: the longest wait; at least 0.
    public static func wait(
        _ descriptor: Int32, for event: Event, wake: Int32?, milliseconds: Int
    ) -> Readiness {
        let events = event == .readable ? Int16(POLLIN) : Int16(POLLOUT)
        var descriptors = [pollfd(fd: descriptor, events: events, revents: 0)]
        if let wake { descriptors.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
        let timeout = Int32(clamping: max(0, milliseconds))
        while true {
            let count = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return count == 0 ? .timedOut : .ready }
            if descriptors.count > 1 && descriptors[1].revents != 0 { return .woken }
            return .ready
        }
    }

    /// Whether the peer of a connected socket closed or reset its end: polled without waiting (a hang-up, an
    /// error, or readable with nothing left to read). Bytes it sent and left unread do not count as gone.
    public static func peerHasGoneAway(_ descriptor: Int32) -> Bool {
        // POLLRDHUP (0x2000, Linux): the peer shut its writing half down; Glibc's module does not export it.
        let readHangUp: Int16 = 0x2000
        var probe = [pollfd(fd: descriptor, events: Int16(POLLIN) | readHangUp, revents: 0)]
        guard poll(&probe, 1, 0) > 0 else { return false }
        let events: Int16 = probe[0].revents
        let gone: Int16 = Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL) | readHangUp
        if events & gone != 0 { return true }
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
    }

    // MARK: - Reading and writing

    /// Receives up to `limit` bytes (at least 1) and appends them to `buffer`.
    public static func receive(_ descriptor: Int32, into buffer: inout [UInt8], limit: Int) -> Received {
        let wanted = max(1, limit)
        var chunk = [UInt8](repeating: 0, count: wanted)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, wanted, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return .bytes(count)
            }
            if count == 0 { return .closed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: return .failed
            }
        }
    }

    /// Sends all of `bytes`, waiting for the socket to drain when needed.
    /// - Parameter milliseconds: the longest the peer may leave the socket full before the write is abandoned.
    /// - Returns: false if the peer went away or stopped reading for too long.
    public static func sendAll(_ descriptor: Int32, _ bytes: [UInt8], milliseconds: Int) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return send(descriptor, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
            }
            if count > 0 {
                offset += count
                continue
            }
            if count < 0 && errno == EINTR { continue }
            guard count < 0, errno == EAGAIN || errno == EWOULDBLOCK else { return false }
            guard wait(descriptor, for: .writable, wake: nil, milliseconds: milliseconds) == .ready else {
                return false
            }
        }
        return true
    }

    /// Tells the peer that nothing more will be written (a FIN), keeping the read side open.
    public static func shutdownWrite(_ descriptor: Int32) {
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Closes a descriptor.
    public static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }

    // MARK: - Pipes

    /// A close-on-exec, non-blocking pipe: (read end, write end).
    /// - Throws: ``Errno`` of `pipe` if the kernel refuses.
    public static func makePipe() throws(Errno) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Errno(code: errno, call: .pipe) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = setNonBlocking(end)
        }
        return (ends[0], ends[1])
    }

    /// Writes one byte to a pipe (to wake every waiter polling its read end).
    public static func signal(_ descriptor: Int32) {
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }

    /// Makes a descriptor non-blocking; false if `fcntl` fails.
    private static func setNonBlocking(_ descriptor: Int32) -> Bool {
        let flags = fcntl(descriptor, F_GETFL)
        return flags >= 0 && fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0
    }
}
