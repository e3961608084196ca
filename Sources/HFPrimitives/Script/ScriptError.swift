/// Why a script could not be parsed, or does not have the shape asked for.
public enum ScriptError: Error, Equatable, Sendable {
    /// The hex text is not hex.
    case invalidHex(HexError)
    /// The push starting at byte `offset` needs `needed` more bytes (length bytes or data) but only `available`
    /// remain.
    case truncatedPush(offset: Int, needed: Int, available: Int)
    /// The script is not a data output (`OP_RETURN …` or `OP_FALSE OP_RETURN …`).
    case notDataOutput
    /// A data output's payload has a non-push opcode at byte `offset`.
    case nonPushInData(offset: Int)
}

extension ScriptError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .invalidHex(let reason): "the script is not valid hex: \(reason)"
        case .truncatedPush(let offset, let needed, let available):
            "the push at byte \(offset) of the script needs \(needed) more bytes but only \(available) remain"
        case .notDataOutput: "the script is not a data output (OP_RETURN or OP_FALSE OP_RETURN)"
        case .nonPushInData(let offset): "the data output has a non-push opcode at byte \(offset)"
        }
    }
}
