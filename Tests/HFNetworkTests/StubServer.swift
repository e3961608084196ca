import Dispatch
import Foundation
import HFDevnet
import Synchronization

/// A loopback HTTP server that answers each route with a script of replies, and records every request.
///
/// Routes are keyed `"METHOD /path"` (the path without its query). Each request to a route takes the next reply of
/// its script; the last reply repeats. Unknown routes get 404 with an empty body.
final class StubServer: Sendable {
    /// One scripted reply.
    struct Reply: Sendable {
        /// The response.
        let response: HTTPResponse
        /// How long to wait before answering (cut short when the stub is released).
        let delay: Duration

        /// A reply after `delay`.
        init(_ response: HTTPResponse, delay: Duration = .zero) {
            self.response = response
            self.delay = delay
        }
    }

    /// What the handler shares with the tests.
    private final class State: Sendable {
        let received = Mutex<[HTTPRequest]>([])
        let scripts: Mutex<[String: [Reply]]>
        /// Signalled once on release; each waiter that wakes passes the signal on.
        let release = DispatchSemaphore(value: 0)

        init(_ scripts: [String: [Reply]]) {
            self.scripts = Mutex(scripts)
        }

        func answer(_ request: HTTPRequest) -> HTTPResponse {
            received.withLock { $0.append(request) }
            let key = "\(request.method) \(request.path)"
            let reply = scripts.withLock { scripts -> Reply? in
                guard var script = scripts[key], let first = script.first else { return nil }
                if script.count > 1 { script.removeFirst() }
                scripts[key] = script
                return first
            }
            guard let reply else { return HTTPResponse(status: 404) }
            if reply.delay > .zero, release.wait(timeout: .now() + reply.delay.seconds) == .success {
                release.signal()
            }
            return reply.response
        }
    }

    /// The server.
    let server: HTTPServer
    /// The shared state.
    private let state: State
    /// The port.
    let port: UInt16

    /// Starts a server with `scripts`.
    init(_ scripts: [String: [Reply]]) throws {
        let state = State(scripts)
        self.state = state
        server = HTTPServer { request in state.answer(request) }
        port = try server.start()
    }

    /// Starts a server where each route has a single reply.
    convenience init(routes: [String: HTTPResponse]) throws {
        try self.init(routes.mapValues { [Reply($0)] })
    }

    /// Ends every delayed reply at once, then stops the server.
    deinit {
        state.release.signal()
        server.stop()
    }

    /// `http://127.0.0.1:<port><path>`.
    func url(_ path: String = "") -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Every request received so far.
    var requests: [HTTPRequest] { state.received.withLock { $0 } }

    /// The requests received for `route` (`"METHOD /path"`).
    func requests(_ route: String) -> [HTTPRequest] {
        requests.filter { "\($0.method) \($0.path)" == route }
    }
}

extension Duration {
    /// Seconds as a `Double`.
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
