extension BundleError {
    /// The same error with its field path put under `base` (for errors from value initializers, whose paths are
    /// relative to the value, when the value sits inside a larger document).
    func rebased(onto base: FieldPath) -> BundleError {
        func under(_ path: String) -> String { path.isEmpty ? base.text : base.appending(path).text }
        return switch self {
        case .missingField(let path): .missingField(path: under(path))
        case .unknownField(let path): .unknownField(path: under(path))
        case .wrongType(let path, let expected, let found): .wrongType(path: under(path), expected: expected, found: found)
        case .malformedHex(let path, let error): .malformedHex(path: under(path), error)
        case .wrongLength(let path, let expected, let actual):
            .wrongLength(path: under(path), expected: expected, actual: actual)
        case .overLimit(let path, let limit): .overLimit(path: under(path), limit: limit)
        case .countOutOfRange(let path, let count, let allowed):
            .countOutOfRange(path: under(path), count: count, allowed: allowed)
        case .outOfRange(let path, let allowed): .outOfRange(path: under(path), allowed: allowed)
        case .invalidValue(let path, let allowed): .invalidValue(path: under(path), allowed: allowed)
        case .invalidText(let path): .invalidText(path: under(path))
        case .emptyValue(let path): .emptyValue(path: under(path))
        case .invalidTimestamp(let path, let error): .invalidTimestamp(path: under(path), error)
        case .invalidAddress(let path, let error): .invalidAddress(path: under(path), error)
        case .invalidPublicKey(let path): .invalidPublicKey(path: under(path))
        case .invalidSignatureEncoding(let path): .invalidSignatureEncoding(path: under(path))
        case .highSSignature(let path): .highSSignature(path: under(path))
        case .invalidMnemonicFormat(let path): .invalidMnemonicFormat(path: under(path))
        case .invalidMerkleProof(let path, let reason): .invalidMerkleProof(path: under(path), reason: reason)
        case .duplicateEntry(let path): .duplicateEntry(path: under(path))
        case .invalidOutputReference(let path): .invalidOutputReference(path: under(path))
        default: self
        }
    }
}
