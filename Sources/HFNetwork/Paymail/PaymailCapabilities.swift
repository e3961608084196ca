/// A paymail host's capability document (`GET /.well-known/bsvalias`, docs/reference/provider-apis.md §5.1):
/// `{"bsvalias":"1.0","capabilities":{…}}`.
///
/// Capability values are URI templates (strings holding `{alias}` and `{domain.tld}`), booleans, or something else
/// (nested objects of newer capabilities), which this client keeps only as `.other`.
public struct PaymailCapabilities: Sendable, Equatable {
    /// One capability's value.
    public enum Value: Sendable, Equatable, Decodable {
        /// A URI template.
        case template(String)
        /// A flag.
        case flag(Bool)
        /// Anything else (an object, an array, a number or null).
        case other

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self = .template(text)
            } else if let flag = try? container.decode(Bool.self) {
                self = .flag(flag)
            } else {
                self = .other
            }
        }
    }

    /// The `pki` capability (alternative id `0c4339ef99c2`).
    public static let pki = ["pki", "0c4339ef99c2"]
    /// The P2P payment destination capability (BRC-28).
    public static let p2pPaymentDestination = ["2a40af698840"]
    /// The P2P receive-transaction capability (raw hex).
    public static let p2pReceiveTransaction = ["5f1323cddf31"]
    /// The P2P receive-BEEF capability (BRC-70).
    public static let p2pReceiveBEEF = ["5c55a7fdb7bb"]
    /// The "sender validation required" flag.
    public static let senderValidation = ["6745385c3fc0"]

    /// The `bsvalias` version text (usually `1.0`).
    public let version: String
    /// The capabilities by id.
    public let values: [String: Value]

    /// A document from its parts.
    public init(version: String, values: [String: Value]) {
        self.version = version
        self.values = values
    }

    /// The template of the first of `ids` that the host offers as a string, or nil.
    public func template(_ ids: [String]) -> String? {
        for id in ids { if case .template(let text)? = values[id] { return text } }
        return nil
    }

    /// The flag of the first of `ids` that the host offers as a boolean, or nil.
    public func flag(_ ids: [String]) -> Bool? {
        for id in ids { if case .flag(let flag)? = values[id] { return flag } }
        return nil
    }
}
