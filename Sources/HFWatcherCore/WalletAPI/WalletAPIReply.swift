public import HFBundles

/// One answer of the BRC-100 wallet API: an HTTP status, header fields and a JSON body. A result is status 200 with
/// the bare BRC-100 result object; every refusal has one shape that BRC-100's fields and the SDKs' clients both read
/// (see ``refusal(_:)``); a browser's CORS preflight is 204 with no body.
public struct WalletAPIReply: Sendable, Equatable {
    /// One header field the HTTP layer sends with the reply (the CORS fields of an allowed origin).
    public struct Header: Sendable, Equatable {
        /// The field name, e.g. `Access-Control-Allow-Origin`.
        public let name: String
        /// The field value.
        public let value: String

        /// A field from its name and value.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The HTTP status.
    public let status: Int
    /// The JSON body (canonical: sorted keys, no spaces); empty for a preflight's 204.
    public let body: [UInt8]
    /// Header fields beyond the content type, in order.
    public let headers: [Header]

    /// A reply from its parts.
    public init(status: Int, body: [UInt8], headers: [Header] = []) {
        self.status = status
        self.body = body
        self.headers = headers
    }

    /// A result: 200 with `object`.
    public static func result(_ object: [String: JSONValue]) -> WalletAPIReply {
        WalletAPIReply(status: 200, body: JSONValue.object(object).canonicalBytes)
    }

    /// A refusal: its status with
    /// `{"code","description","isError":true,"message","name","status":"error"}` (and `"parameter"` when a
    /// parameter is at fault). `status`, `code` and `description` are BRC-100's; `message`, `isError` and `name` are
    /// what ts-sdk's `HTTPWalletJSON` (and its `WalletErrorObject`) read. `code` is the `WERR_…` name, except where
    /// ts-sdk numbers the error (``WalletAPIRefusal/tsSDKNumber``): there it is that number, which ts-sdk reads from
    /// `code` alone, and the name stays in `name`. `description` and `message` hold the same sentence.
    public static func refusal(_ refusal: WalletAPIRefusal) -> WalletAPIReply {
        var object: [String: JSONValue] = [
            "status": .string("error"),
            "code": refusal.tsSDKNumber.map { .integer($0) } ?? .string(refusal.code),
            "name": .string(refusal.code),
            "description": .string(refusal.description),
            "message": .string(refusal.description),
            "isError": .bool(true),
        ]
        if let parameter = refusal.parameter { object["parameter"] = .string(parameter) }
        return WalletAPIReply(status: refusal.status, body: JSONValue.object(object).canonicalBytes)
    }

    /// The same reply with `extra` header fields after its own.
    public func adding(_ extra: [Header]) -> WalletAPIReply {
        WalletAPIReply(status: status, body: body, headers: headers + extra)
    }
}
