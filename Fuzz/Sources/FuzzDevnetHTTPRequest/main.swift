import HFDevnet

/// libFuzzer entry: hf-devnet's HTTP/1.1 request parser must never crash, must refuse only with the statuses it
/// documents, must stay within the input (body and field count bounded), and whatever parses must parse again,
/// equal, from a canonical re-encoding (HTTP/1.0, percent-encoded query, trimmed field values). The first byte
/// picks a prefix (none, a method, a request line, a request line and `Host`) so that the fuzzer reaches the
/// field and body code without having to guess `HTTP/1.1`, which string comparisons hide from it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let all = Array(UnsafeRawBufferPointer(start: data, count: size))
    guard let selector = all.first else { return 0 }
    let prefixes = ["", "GET /", "POST /tx HTTP/1.1\r\n", "PUT /a?b=c HTTP/1.1\r\nHost: 127.0.0.1\r\n"]
    let bytes = Array(prefixes[Int(selector % 4)].utf8) + all.dropFirst()
    switch HTTPRequest.parse(bytes) {
    case .request(let request):
        precondition(request.body.count <= bytes.count && request.headers.count <= 100, "bounded")
        precondition(request.path.utf8.first == UInt8(ascii: "/"), "path")
        precondition(HTTPRequest.parse(encoded(request)) == .request(request), "re-parse")
    case .refused(let status, let message):
        precondition([400, 411, 417, 431, 501, 505].contains(status) && !message.isEmpty, "status")
    case .incomplete:
        break
    }
    // A limit below the head's size must refuse with 431 or stop early, never accept.
    if case .request = HTTPRequest.parse(bytes, maxHeaderBytes: 8), bytes.count > 8 {
        preconditionFailure("maxHeaderBytes ignored")
    }
    return 0
}

/// The request on the wire: `METHOD path?query HTTP/1.0`, the fields, a blank line and the body.
private func encoded(_ request: HTTPRequest) -> [UInt8] {
    var head = request.method + " " + request.path
    if !request.queryItems.isEmpty {
        head += "?" + request.queryItems.map { percentEncoded($0.name) + "=" + percentEncoded($0.value) }
            .joined(separator: "&")
    }
    head += " HTTP/1.0\r\n"
    for field in request.headers { head += field.name + ": " + field.value + "\r\n" }
    return Array((head + "\r\n").utf8) + request.body
}

/// Every byte other than an unreserved character (RFC 3986) as `%XX`.
private func percentEncoded(_ text: String) -> String {
    let digits = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            out.append(byte)
        default:
            out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]]
        }
    }
    return String(decoding: out, as: UTF8.self)
}
