// The bytes of a response on the wire.

extension HTTPResponse {
    /// The fields the server writes itself; a handler's own are dropped.
    private static let framingFields: Set<String> = ["content-length", "transfer-encoding", "connection"]

    /// The HTTP/1.1 message: status line, the safe header fields, `Content-Length`, `Connection: close`, a blank
    /// line, and the body unless `includeBody` is false (for `HEAD`, where `Content-Length` still gives its size).
    func serialized(includeBody: Bool = true) -> [UInt8] {
        let code = (100...999).contains(status) ? status : 500
        var head = "HTTP/1.1 \(code) \(HTTPStatus.reasonPhrase(for: code))\r\n"
        for field in headers where Self.isSafe(field) {
            head += "\(field.name): \(field.value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + (includeBody ? body : [])
    }

    /// Whether a field may be written: a token name that is not a framing field, and a value without controls.
    private static func isSafe(_ field: HTTPHeaders.Field) -> Bool {
        guard HTTPSyntax.isToken(field.name.utf8),
            !framingFields.contains(HTTPHeaders.folded(field.name))
        else { return false }
        return field.value.utf8.allSatisfy(HTTPSyntax.isFieldValueCharacter)
    }
}
