/// Why bytes could not become a `Transaction` or an `ExtendedTransaction`.
///
/// Every case says what was wrong and, where it applies, in which part of the transaction.
public enum TransactionError: Error, Equatable, Sendable {
    /// The hex text is not hex.
    case invalidHex(HexError)
    /// The serialized form has `byteCount` bytes, more than the limit (`Transaction.maxSize`, or
    /// `ExtendedTransaction.maxSize` for the extended format).
    case tooLarge(byteCount: Int)
    /// The bytes end inside `part`.
    case truncated(TransactionPart)
    /// A VarInt in `part` uses a longer form than its value needs.
    case nonCanonicalCompactSize(TransactionPart)
    /// The count in `part` (inputs or outputs) is more than the remaining bytes could hold.
    case countExceedsData(TransactionPart, count: UInt64)
    /// A script length in `part` is more than the remaining bytes.
    case scriptLengthExceedsData(TransactionPart, length: UInt64)
    /// A value in `part` is above `Amount.maxMoney` (21 000 000 BSV).
    case satoshisAboveMaximum(TransactionPart, satoshis: UInt64)
    /// The transaction has no inputs, which no valid transaction has.
    case noInputs
    /// The transaction has no outputs, which no valid transaction has.
    case noOutputs
    /// Bytes remain after the lock time.
    case trailingBytes(Int)
    /// The bytes are in the extended format (BRC-30); decode them with `ExtendedTransaction`.
    case extendedFormat
    /// The bytes lack the extended-format marker `00 00 00 00 00 EF` after the version.
    case notExtendedFormat
    /// An extended transaction needs one source output per input.
    case sourceOutputCountMismatch(inputs: Int, sourceOutputs: Int)
}

extension TransactionError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .invalidHex(let reason): "the transaction is not valid hex: \(reason)"
        case .tooLarge(let count): "the transaction has \(count) bytes, more than the limit"
        case .truncated(let part): "the transaction ends early, in \(part)"
        case .nonCanonicalCompactSize(let part): "\(part) of the transaction has a non-minimal VarInt"
        case .countExceedsData(let part, let count):
            "\(part) of the transaction is \(count), more than the remaining bytes can hold"
        case .scriptLengthExceedsData(let part, let length):
            "a script in \(part) of the transaction claims \(length) bytes, more than remain"
        case .satoshisAboveMaximum(let part, let satoshis):
            "\(part) of the transaction has \(satoshis) satoshis, more than 21 000 000 BSV"
        case .noInputs: "the transaction has no inputs"
        case .noOutputs: "the transaction has no outputs"
        case .trailingBytes(let count): "\(count) bytes follow the end of the transaction"
        case .extendedFormat: "the transaction is in extended format (BRC-30), not the plain format expected"
        case .notExtendedFormat:
            "the transaction is not in extended format (BRC-30): the marker after the version is missing"
        case .sourceOutputCountMismatch(let inputs, let sourceOutputs):
            "the transaction has \(inputs) inputs but \(sourceOutputs) source outputs were given"
        }
    }
}
