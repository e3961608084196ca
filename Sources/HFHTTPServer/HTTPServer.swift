import Dispatch
import Foundation
import Synchronization
import HFSystem

/// A small HTTP/1.1 server on 127.0.0.1, for the devnet's imitation of the public services and for tests.
///
/// `start()` binds 127.0.0.1 (never another address) and accepts connections on a background thread; each
/// connection gets its own thread, reads one request under strict limits (see `Configuration`), passes it to the
/// handler, writes the response with `Connection: close`, and closes. Malformed requests are answered 400 (or 411,
/// 413, 417, 431, 501, 505 as fits) without reaching the handler; slow clients are answered 408. These refusals are
/// plain text unless the server was given an ``HTTPRefusalHandler``, which answers them in the application's shape.
///
/// `stop()` closes the listening socket, abandons requests that have not fully arrived, and waits until every
/// request already in the handler has been answered. A stopped server can be started again (port 0 then picks a
/// new port). Call `stop()` before letting go of a running server: the accept thread keeps it alive.
public final class HTTPServer: Sendable {
    /// The running listener.
    private struct Listener: Sendable {
        /// The listening socket.
        let descriptor: Int32
        /// The port it is bound to.
        let port: UInt16
        /// The stop pipe: written once by `stop()`, polled by every wait.
        let wakeRead: Int32
        let wakeWrite: Int32
        /// Signalled when the accept loop has ended.
        let acceptLoopDone: DispatchSemaphore
    }

    /// What changes while the server runs.
    private struct State {
        /// The listener while running.
        var listener: Listener?
        /// Whether `stop()` is under way.
        var stopping = false
        /// The connections being served.
        var connectionCount = 0
    }

    /// Limits, timeouts and the port asked for.
    public let configuration: Configuration

    /// The request handler.
    private let handler: HTTPHandler

    /// The answer to the server's own refusals (nil: plain text).
    private let refusalHandler: HTTPRefusalHandler?

    /// The mutable state.
    private let state = Mutex(State())

    /// Entered for each connection being served; `stop()` waits for it to empty.
    private let connections = DispatchGroup()

    // MARK: - Initializers

    /// A server that answers every request with `handler`. It does not listen until `start()`.
    /// - Parameter refusal: how the server's own refusals are answered (malformed requests, limits, timeouts, too
    ///   many connections; see ``HTTPRefusal``); nil answers them in plain text.
    public init(
        configuration: Configuration = Configuration(), refusal: HTTPRefusalHandler? = nil,
        handler: @escaping HTTPHandler
    ) {
        self.configuration = configuration
        self.handler = handler
        self.refusalHandler = refusal
    }

    // MARK: - Properties

    /// The port the server listens on, or nil when it is not running.
    public var port: UInt16? {
        state.withLock { $0.listener?.port }
    }

    /// `http://127.0.0.1:<port>`, or nil when the server is not running.
    public var baseURL: String? {
        port.map { "http://127.0.0.1:\($0)" }
    }

    // MARK: - Methods

    /// Starts listening on 127.0.0.1 (or ::1, see `Configuration.ipv6Loopback`) at the configured port.
    /// - Returns: the port, which the kernel chose if the configuration asked for 0.
    /// - Throws: `HTTPServerError.alreadyRunning` if running or still stopping, else the socket error.
    @discardableResult
    public func start() throws(HTTPServerError) -> UInt16 {
        let listener = try state.withLock { (state) throws(HTTPServerError) -> Listener in
            guard state.listener == nil, !state.stopping else { throw .alreadyRunning }
            let wake: (read: Int32, write: Int32)
            do throws(Errno) { wake = try Socket.makePipe() } catch { throw HTTPServerError(error, port: configuration.port) }
            do throws(HTTPServerError) {
                let socket: (descriptor: Int32, port: UInt16)
                do throws(Errno) {
                    socket = configuration.ipv6Loopback
                        ? try Socket.listenIPv6Loopback(port: configuration.port, backlog: 128)
                        : try Socket.listen(port: configuration.port, backlog: 128)
                } catch { throw HTTPServerError(error, port: configuration.port) }
                let listener = Listener(
                    descriptor: socket.descriptor, port: socket.port, wakeRead: wake.read, wakeWrite: wake.write,
                    acceptLoopDone: DispatchSemaphore(value: 0))
                state.listener = listener
                return listener
            } catch {
                Socket.close(wake.read)
                Socket.close(wake.write)
                throw error
            }
        }
        Thread.detachNewThread { [self] in acceptLoop(listener) }
        return listener.port
    }

    /// Stops: closes the listening socket, abandons requests still arriving, and returns once every request
    /// already being handled has been answered. Does nothing if the server is not running.
    public func stop() {
        let running = state.withLock { state -> Listener? in
            guard let listener = state.listener, !state.stopping else { return nil }
            state.stopping = true
            return listener
        }
        guard let listener = running else { return }
        Socket.signal(listener.wakeWrite)
        listener.acceptLoopDone.wait()
        Socket.close(listener.descriptor)
        connections.wait()
        Socket.close(listener.wakeRead)
        Socket.close(listener.wakeWrite)
        state.withLock { state in
            state.listener = nil
            state.stopping = false
        }
    }

    /// Accepts connections until the stop pipe becomes readable.
    private func acceptLoop(_ listener: Listener) {
        defer { listener.acceptLoopDone.signal() }
        while true {
            switch Socket.wait(listener.descriptor, for: .readable, wake: listener.wakeRead, milliseconds: 1000) {
            case .woken: return
            case .timedOut: continue
            case .ready: break
            }
            accepting: while true {
                switch Socket.accept(listener.descriptor) {
                case .connection(let descriptor): serve(descriptor, wake: listener.wakeRead)
                case .none: break accepting
                case .failed:
                    Socket.pause(milliseconds: 10)
                    break accepting
                }
            }
        }
    }

    /// Serves one connection on its own thread, or answers 503 at once when too many are open.
    private func serve(_ descriptor: Int32, wake: Int32) {
        let admitted = state.withLock { state in
            guard state.connectionCount < configuration.maxConnections else { return false }
            state.connectionCount += 1
            return true
        }
        guard admitted else {
            let refusal = HTTPRefusal(
                status: 503, message: "the server is serving \(configuration.maxConnections) connections; try again")
            let response = refusalHandler?(refusal) ?? HTTPResponse.status(503)
            _ = Socket.sendAll(descriptor, response.serialized(), milliseconds: 100)
            Socket.close(descriptor)
            return
        }
        connections.enter()
        let connection = HTTPConnection(
            descriptor: descriptor, wake: wake, configuration: configuration, handler: handler,
            refusalHandler: refusalHandler)
        Thread.detachNewThread { [self] in
            connection.serve()
            state.withLock { $0.connectionCount -= 1 }
            connections.leave()
        }
    }
}
