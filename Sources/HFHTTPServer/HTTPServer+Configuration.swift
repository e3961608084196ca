extension HTTPServer {
    /// Limits and timeouts of an `HTTPServer`. The address is 127.0.0.1, or ::1 with `ipv6Loopback`.
    public struct Configuration: Sendable, Equatable {
        /// Listen on the IPv6 loopback address ::1 instead of 127.0.0.1 (default false). A port must be given:
        /// a second server on ::1 at the port of one on 127.0.0.1 makes `localhost` reach it either way.
        public var ipv6Loopback = false
        /// The port to listen on; 0 (the default) lets the kernel pick a free one, which `start()` returns.
        public var port: UInt16
        /// The most bytes the request line and header fields may take (default 64 KiB); more is answered 431.
        public var maxHeaderBytes: Int
        /// The largest `Content-Length` accepted (default 64 MiB); more is answered 413.
        public var maxBodyBytes: Int
        /// The longest a client may pause between bytes of a request (default 10 s); then it is answered 408.
        public var idleTimeout: Duration
        /// The longest the whole request may take to arrive (default 60 s); then it is answered 408.
        public var requestTimeout: Duration
        /// The longest a client may leave the response unread before the server gives up (default 30 s).
        public var writeTimeout: Duration
        /// The most connections served at once (default 64); more are answered 503 at once.
        public var maxConnections: Int

        /// The defaults above, with `port`.
        public init(port: UInt16 = 0) {
            self.port = port
            maxHeaderBytes = 64 * 1024
            maxBodyBytes = 64 * 1024 * 1024
            idleTimeout = .seconds(10)
            requestTimeout = .seconds(60)
            writeTimeout = .seconds(30)
            maxConnections = 64
        }
    }
}

extension Duration {
    /// The duration in whole milliseconds, rounded up, at least 0.
    var wholeMilliseconds: Int {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        let millis = seconds.multipliedReportingOverflow(by: 1000)
        guard !millis.overflow else { return Int.max }
        return Int(clamping: millis.partialValue + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
