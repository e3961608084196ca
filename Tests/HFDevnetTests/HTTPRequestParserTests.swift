@testable import HFHTTPServer
import Testing

@Suite("HTTPRequestParser")
struct HTTPRequestParserTests {
    @Test("the end of the head is found from any start up to the line feed that begins the blank line")
    func headEnd() {
        let head = Array("GET / HTTP/1.1\r\nHost: h\r\n\r\nbody".utf8)
        let end = head.count - 4
        #expect(HTTPRequestParser.headEnd(in: head) == end)
        for start in 0...(end - 3) { #expect(HTTPRequestParser.headEnd(in: head, from: start) == end) }
        #expect(HTTPRequestParser.headEnd(in: Array("GET / HTTP/1.1\r\nHost: h\r\n".utf8)) == nil)
        #expect(HTTPRequestParser.headEnd(in: Array("GET /\n\n".utf8)) == 7)
        #expect(HTTPRequestParser.headEnd(in: [], from: 10) == nil)
    }

    @Test("a valid head: fields in order, length, continue, HTTP/1.0 without Host")
    func validHead() throws {
        let text = "PUT /a/b?x=%41&y HTTP/1.1\r\nHost: h\r\nX-A:  one \r\nx-a: two\r\nContent-Length: 12\r\n"
            + "Expect: 100-Continue\r\n\r\n"
        let head = try HTTPRequestParser.parseHead(Array(text.utf8)[...])
        #expect(head.line.method == "PUT")
        #expect(head.line.path == "/a/b")
        #expect(head.line.queryItems == [.init(name: "x", value: "A"), .init(name: "y", value: "")])
        #expect(head.headers.values(for: "x-a") == ["one", "two"])
        #expect(head.contentLength == 12)
        #expect(head.expectsContinue)
        let old = try HTTPRequestParser.parseHead(Array("GET / HTTP/1.0\r\n\r\n".utf8)[...])
        #expect(old.contentLength == 0)
        #expect(!old.expectsContinue)
    }

    @Test("the status each fault maps to")
    func errorStatuses() {
        #expect(HTTPParseError.badRequest("x").status == 400)
        #expect(HTTPParseError.headersTooLarge(limit: 1).status == 431)
        #expect(HTTPParseError.tooManyFields(limit: 1).status == 431)
        #expect(HTTPParseError.bodyTooLarge(limit: 1).status == 413)
        #expect(HTTPParseError.lengthRequired.status == 411)
        #expect(HTTPParseError.unsupportedTransferCoding("gzip").status == 501)
        #expect(HTTPParseError.unsupportedVersion("HTTP/2.0").status == 505)
        #expect(HTTPParseError.timedOut.response.body == Array("408 Request Timeout: the request did not arrive in time\n".utf8))
    }
}
