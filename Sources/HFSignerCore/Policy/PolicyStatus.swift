/// `policy show --json`: the rules, and what is left in the current window of the session's network.
///
/// `{"allow":[…],"allowlistOnly":B,"maxFee":N?,"maxPerTransaction":N?,"network":"…","set":true,"updatedAt":"…",
/// "validatedTipHeight":N,"window":{"blocks":N,"firstHeight":N,"leftSatoshis":N,"maxSatoshis":N,
/// "spentSatoshis":N}?}`; without a policy `{"network":"…","set":false,"validatedTipHeight":N}`.
public struct PolicyStatus: Encodable, Sendable, Equatable {
    /// The window's figures.
    public struct Window: Encodable, Sendable, Equatable {
        public let blocks: Int
        public let firstHeight: Int
        public let maxSatoshis: UInt64
        public let spentSatoshis: UInt64
        public let leftSatoshis: UInt64
    }

    public let set: Bool
    public let network: String
    public let validatedTipHeight: Int
    public let maxPerTransaction: UInt64?
    public let maxFee: UInt64?
    public let allow: [String]?
    public let allowlistOnly: Bool?
    public let window: Window?
    public let updatedAt: String?
}
