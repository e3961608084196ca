import HFSystem

/// One accepted connection: reads one request, answers it, and closes.
///
/// The request must arrive within the configuration's timeouts and limits; a malformed one is answered with the
/// matching 4xx/5xx status and never reaches the handler. When the server is stopping, a request that has not fully
/// arrived is abandoned, while one already in the handler is answered.
struct HTTPConnection: Sendable {
    /// How reading the request ended.
    enum Arrival: Equatable {
        /// A complete request.
        case request(HTTPRequest)
        /// A request that is answered with an error status; `headers` are its checked header fields when the
        /// head was read (a body too large, cut short or too slow), else empty.
        case refused(HTTPParseError, headers: HTTPHeaders = HTTPHeaders())
        /// Nothing to answer: the client sent nothing, went away, or the server is stopping.
        case abandoned
    }

    /// How one read ended.
    private enum ReadResult {
        case more, closed, timedOut, stopping, failed
    }

    /// The connected socket.
    let descriptor: Int32
    /// The server's stop pipe (read end).
    let wake: Int32
    /// Limits and timeouts.
    let configuration: HTTPServer.Configuration
    /// The request handler.
    let handler: HTTPHandler
    /// The answer to a refusal of the server's own (nil: plain text).
    let refusalHandler: HTTPRefusalHandler?

    /// The size of one read.
    private static let chunkSize = 64 * 1024

    // MARK: - Methods

    /// Serves the connection and closes it.
    func serve() {
        switch receive() {
        case .request(var request):
            request.client = HTTPClient(descriptor: descriptor)
            send(handler(request), includeBody: request.method != "HEAD")
        case .refused(let error, let headers):
            let refusal = error.refusal(requestHeaders: headers)
            send(refusalHandler?(refusal) ?? refusal.plainResponse, includeBody: true)
        case .abandoned:
            break
        }
        close()
    }

    /// Reads one request: the head, then a `Content-Length` body.
    func receive() -> Arrival {
        let deadline = ContinuousClock.now + configuration.requestTimeout
        var buffer: [UInt8] = []
        var lineChecked = false
        var scanned = 0
        var headEnd: Int?
        while headEnd == nil {
            if !lineChecked, let newline = buffer[scanned...].firstIndex(of: 0x0a) {
                guard newline > 0, buffer[newline - 1] == 0x0d else {
                    return .refused(.badRequest("a line ends in a bare LF instead of CRLF"))
                }
                do {
                    _ = try HTTPRequestParser.parseRequestLine(buffer[..<(newline - 1)])
                } catch {
                    return .refused(error)
                }
                lineChecked = true
            }
            headEnd = HTTPRequestParser.headEnd(in: buffer, from: scanned)
            if let end = headEnd, end > configuration.maxHeaderBytes {
                return .refused(.headersTooLarge(limit: configuration.maxHeaderBytes))
            }
            guard headEnd == nil else { break }
            guard buffer.count <= configuration.maxHeaderBytes else {
                return .refused(.headersTooLarge(limit: configuration.maxHeaderBytes))
            }
            scanned = max(0, buffer.count - 3)
            switch read(into: &buffer, limit: Self.chunkSize, deadline: deadline) {
            case .more: continue
            case .closed: return buffer.isEmpty ? .abandoned : .refused(.badRequest("the request was cut short"))
            case .timedOut: return buffer.isEmpty ? .abandoned : .refused(.timedOut)
            case .stopping, .failed: return .abandoned
            }
        }
        guard let end = headEnd else { return .abandoned }
        return receiveBody(buffer: &buffer, headEnd: end, deadline: deadline)
    }

    /// Parses the head in `buffer[..<headEnd]` and reads the body after it.
    private func receiveBody(buffer: inout [UInt8], headEnd: Int, deadline: ContinuousClock.Instant) -> Arrival {
        let head: HTTPRequestHead
        do {
            head = try HTTPRequestParser.parseHead(buffer[..<headEnd])
        } catch {
            return .refused(error)
        }
        let length = head.contentLength
        guard length <= configuration.maxBodyBytes else {
            return .refused(.bodyTooLarge(limit: configuration.maxBodyBytes), headers: head.headers)
        }
        buffer.reserveCapacity(headEnd + length)
        if head.expectsContinue && buffer.count - headEnd < length {
            guard Socket.sendAll(descriptor, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8), milliseconds: 1000)
            else { return .abandoned }
        }
        while buffer.count - headEnd < length {
            let missing = length - (buffer.count - headEnd)
            switch read(into: &buffer, limit: min(missing, 4 * Self.chunkSize), deadline: deadline) {
            case .more: continue
            case .closed: return .refused(.badRequest("the body is shorter than Content-Length"), headers: head.headers)
            case .timedOut: return .refused(.timedOut, headers: head.headers)
            case .stopping, .failed: return .abandoned
            }
        }
        return .request(head.request(body: Array(buffer[headEnd..<(headEnd + length)])))
    }

    /// Reads what is available, waiting up to the idle timeout (and never past `deadline`).
    private func read(into buffer: inout [UInt8], limit: Int, deadline: ContinuousClock.Instant) -> ReadResult {
        while true {
            switch Socket.receive(descriptor, into: &buffer, limit: limit) {
            case .bytes: return .more
            case .closed: return .closed
            case .failed: return .failed
            case .wouldBlock: break
            }
            let remaining = min(deadline - ContinuousClock.now, configuration.idleTimeout)
            guard remaining > .zero else { return .timedOut }
            switch Socket.wait(descriptor, for: .readable, wake: wake, milliseconds: remaining.wholeMilliseconds) {
            case .ready: continue
            case .woken: return .stopping
            case .timedOut: return .timedOut
            }
        }
    }

    /// Writes a response.
    private func send(_ response: HTTPResponse, includeBody: Bool) {
        _ = Socket.sendAll(
            descriptor, response.serialized(includeBody: includeBody),
            milliseconds: configuration.writeTimeout.wholeMilliseconds)
    }

    /// Closes gracefully: sends FIN, then discards what the client still sends (at most 1 MiB for 200 ms), so
    /// that unread request bytes do not turn the close into a reset that could destroy the response in transit.
    private func close() {
        Socket.shutdownWrite(descriptor)
        let deadline = ContinuousClock.now + .milliseconds(200)
        var discarded = 0
        var scratch: [UInt8] = []
        drain: while discarded < 1024 * 1024 {
            scratch.removeAll(keepingCapacity: true)
            switch Socket.receive(descriptor, into: &scratch, limit: Self.chunkSize) {
            case .bytes(let count):
                discarded += count
            case .closed, .failed:
                break drain
            case .wouldBlock:
                let remaining = deadline - ContinuousClock.now
                guard remaining > .zero,
                    Socket.wait(descriptor, for: .readable, wake: nil, milliseconds: remaining.wholeMilliseconds)
                        == .ready
                else { break drain }
            }
        }
        Socket.close(descriptor)
    }
}
