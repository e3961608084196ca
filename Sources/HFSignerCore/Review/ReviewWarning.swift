/// A warning the user must see before signing: a stable code, the output it concerns (if one), and a sentence.
public struct ReviewWarning: Sendable, Equatable, Encodable {
    /// The stable warning codes (`--json` writes the raw value; documented in hf-signer(1)).
    public enum Code: String, Sendable, Equatable, Encodable, CaseIterable {
        /// An output the user asked to pay (`--to`, a request's output) is one of this wallet's own addresses.
        case ownAddressAsExternal
        /// The fee is above 5% of what leaves the wallet (`ReviewLimits.feeSharePercent`).
        case feeAboveShare
        /// The fee is above the absolute cap (`--max-fee`, default 10,000 satoshis).
        case feeAboveCap
        /// An output's script is nonstandard (empty, does not parse, or a data payload that is not pushes only).
        case nonstandardScript
        /// A data or upload output's script is larger than 1 KB (1,000 bytes).
        case largeDataOutput
        /// An input spends a 1-satoshi output (possibly an ordinal; selection never does this).
        case oneSatoshiInput
        /// An output carrying satoshis is locked by no signature check (`OP_1`, an empty script, …): anyone who
        /// sees the transaction can spend it.
        case unlockedOutput
        /// One payment pays the same address twice (a copy-and-paste slip, or a request built to look smaller).
        case duplicateRecipient
    }

    /// What is wrong.
    public let code: Code
    /// The output concerned, when the warning is about one.
    public let output: Int?
    /// The sentence shown to the user.
    public let message: String

    private enum CodingKeys: String, CodingKey { case code, output, message }

    /// `{"code","output"?,"message"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encodeIfPresent(output, forKey: .output)
        try container.encode(message, forKey: .message)
    }
}
