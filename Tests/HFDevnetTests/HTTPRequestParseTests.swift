import HFDevnet
import Testing

@Suite("HTTPRequest.parse")
struct HTTPRequestParseTests {
    @Test func completeRequestWithBody() {
        let bytes = Array("POST /tx?a=%41&b HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabcEXTRA".utf8)
        let expected = HTTPRequest(
            method: "POST", path: "/tx",
            queryItems: [.init(name: "a", value: "A"), .init(name: "b", value: "")],
            headers: ["Host": "h", "Content-Length": "3"], body: Array("abc".utf8))
        #expect(HTTPRequest.parse(bytes) == .request(expected))
    }

    @Test func incompleteHeadOrBody() {
        #expect(HTTPRequest.parse([]) == .incomplete)
        #expect(HTTPRequest.parse(Array("GET / HTTP/1.1\r\nHost: h\r\n".utf8)) == .incomplete)
        let short = Array("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nab".utf8)
        #expect(HTTPRequest.parse(short) == .incomplete)
    }

    @Test func refusalsCarryTheServersStatus() {
        #expect(statusOf("GET / HTTP/1.1\r\n\r\n") == 400)
        #expect(statusOf("GET / HTTP/2.0\r\nHost: h\r\n\r\n") == 505)
        #expect(statusOf("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n") == 411)
        #expect(statusOf("GET / HTTP/1.1\r\nHost: h\r\nExpect: nothing\r\n\r\n") == 417)
        let long = Array(("GET / HTTP/1.1\r\nHost: h\r\nX: " + String(repeating: "a", count: 40) + "\r\n\r\n").utf8)
        #expect(HTTPRequest.parse(long, maxHeaderBytes: 32) == .refused(
            status: 431, message: "the request line and header fields exceed 32 bytes"))
        #expect(HTTPRequest.parse(Array(long.prefix(40)), maxHeaderBytes: 32) == .refused(
            status: 431, message: "the request line and header fields exceed 32 bytes"))
    }

    private func statusOf(_ text: String) -> Int? {
        guard case .refused(let status, _) = HTTPRequest.parse(Array(text.utf8)) else { return nil }
        return status
    }
}
