import HFDevnet

/// A handler that describes the request it got, one `key=value` per line.
let echoHandler: HTTPHandler = { request in
    var lines = ["method=\(request.method)", "path=\(request.path)"]
    lines += request.queryItems.map { "query:\($0.name)=\($0.value)" }
    lines.append("x-test=\(request.headers["X-TEST"] ?? "-")")
    lines.append("body=\(String(decoding: request.body, as: UTF8.self))")
    return .text(lines.joined(separator: "\n"))
}

/// Starts a server with `handler` (and optional configuration changes) and returns it with its port.
func startServer(
    _ handler: @escaping HTTPHandler = echoHandler, configure: (inout HTTPServer.Configuration) -> Void = { _ in }
) throws -> (HTTPServer, UInt16) {
    var configuration = HTTPServer.Configuration()
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, handler: handler)
    let port = try server.start()
    return (server, port)
}
