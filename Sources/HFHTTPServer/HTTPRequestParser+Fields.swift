// Header field syntax and the fields that shape the body.

extension HTTPRequestParser {
    /// Parses `name: value` with optional whitespace around the value.
    /// - Throws: `HTTPParseError.badRequest` for folding, a non-token name, space before the colon, a control
    ///   character or non-UTF-8 bytes in the value.
    static func parseField(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPHeaders.Field {
        guard let first = line.first, first != 0x20, first != 0x09 else {
            throw .badRequest("obsolete line folding is not accepted")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            throw .badRequest("a header line has no colon")
        }
        let name = line[..<colon]
        guard HTTPSyntax.isToken(name) else { throw .badRequest("a header field name is not a token") }
        var value = line[(colon + 1)...]
        while let byte = value.first, byte == 0x20 || byte == 0x09 { value = value.dropFirst() }
        while let byte = value.last, byte == 0x20 || byte == 0x09 { value = value.dropLast() }
        guard value.allSatisfy(HTTPSyntax.isFieldValueCharacter), let text = String(validating: value, as: UTF8.self)
        else { throw .badRequest("a header field value has a control character or is not UTF-8") }
        return HTTPHeaders.Field(name: String(decoding: name, as: UTF8.self), value: text)
    }

    /// The body length: 0 without `Content-Length`; refuses transfer codings, conflicting lengths and, for
    /// HTTP/1.1, a missing or repeated `Host`.
    /// - Throws: `HTTPParseError.lengthRequired`, `.unsupportedTransferCoding` or `.badRequest`.
    static func contentLength(_ headers: HTTPHeaders) throws(HTTPParseError) -> Int {
        let lengths = headers.values(for: "Content-Length").flatMap { $0.split(separator: ",") }
            .map { $0.trimmingSpaces }
        let codings = headers.values(for: "Transfer-Encoding")
        if !codings.isEmpty {
            guard lengths.isEmpty else { throw .badRequest("both Transfer-Encoding and Content-Length are present") }
            let last = codings.joined(separator: ",").split(separator: ",").last.map { $0.trimmingSpaces } ?? ""
            if HTTPHeaders.folded(last) == "chunked" { throw .lengthRequired }
            throw .unsupportedTransferCoding(last)
        }
        guard let text = lengths.first else { return 0 }
        guard lengths.allSatisfy({ $0 == text }) else { throw .badRequest("conflicting Content-Length values") }
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let length = Int(text)
        else { throw .badRequest("Content-Length is not a decimal number") }
        return length
    }

    /// Whether the client expects `100 Continue`; checks `Host` on the way.
    /// - Throws: `HTTPParseError.unsupportedExpectation` or `.badRequest` (a missing or repeated `Host`).
    static func expectsContinue(_ headers: HTTPHeaders, version: String) throws(HTTPParseError) -> Bool {
        let hosts = headers.values(for: "Host")
        guard hosts.count <= 1, version == "HTTP/1.0" || hosts.count == 1 else {
            throw .badRequest("an HTTP/1.1 request needs exactly one Host field")
        }
        guard let expectation = headers["Expect"] else { return false }
        guard HTTPHeaders.folded(expectation) == "100-continue" else { throw .unsupportedExpectation }
        return version == "HTTP/1.1"
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
