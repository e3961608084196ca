public import HFBundles

/// One answer of the BRC-100 wallet API: an HTTP status and a JSON body. A result is status 200 with the bare
/// BRC-100 result object; every refusal has the one shape the SDKs expect,
/// `{"code":"…","description":"…","status":"error"}`.
public struct WalletAPIReply: Sendable, Equatable {
    /// The HTTP status.
    public let status: Int
    /// The JSON body (canonical: sorted keys, no spaces).
    public let body: [UInt8]

    /// A result: 200 with `object`.
    public static func result(_ object: [String: JSONValue]) -> WalletAPIReply {
        WalletAPIReply(status: 200, body: JSONValue.object(object).canonicalBytes)
    }

    /// A refusal: its status with `{"code","description","status":"error"}`.
    public static func refusal(_ refusal: WalletAPIRefusal) -> WalletAPIReply {
        let object: [String: JSONValue] = [
            "status": .string("error"), "code": .string(refusal.code), "description": .string(refusal.description),
        ]
        return WalletAPIReply(status: refusal.status, body: JSONValue.object(object).canonicalBytes)
    }
}
