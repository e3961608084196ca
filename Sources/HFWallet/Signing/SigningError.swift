public import HFCrypto

/// Why a signature hash could not be computed or an input could not be signed.
///
/// No case carries key material; inputs are identified by index.
public enum SigningError: Error, Equatable, Sendable {
    /// The input index is not below the number of inputs.
    case inputIndexOutOfRange(index: Int, inputCount: Int)
    /// There must be exactly one source output per input.
    case sourceOutputCountMismatch(inputs: Int, sourceOutputs: Int)
    /// The wallet signs only with standard FORKID types (see `SighashType.isStandardForkID`).
    case unsupportedSighashType(SighashType)
    /// The output that input `inputIndex` spends is not locked by a P2PKH script.
    case notP2PKH(inputIndex: Int)
    /// The key given for input `inputIndex` does not hash to the P2PKH script's public-key hash.
    case keyDoesNotMatch(inputIndex: Int)
    /// No key given hashes to the public-key hash that input `inputIndex`'s source output is locked to.
    case missingKey(inputIndex: Int)
    /// The signing primitive failed.
    case crypto(CryptoError)
}

extension SigningError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .inputIndexOutOfRange(let index, let count):
            "input \(index) does not exist: the transaction has \(count) inputs"
        case .sourceOutputCountMismatch(let inputs, let sources):
            "the transaction has \(inputs) inputs but \(sources) source outputs were given"
        case .unsupportedSighashType(let type):
            "sighash type \(type) is not a standard FORKID type the wallet signs with"
        case .notP2PKH(let index): "input \(index) spends an output that is not P2PKH"
        case .keyDoesNotMatch(let index): "the key given for input \(index) is not the one its output is locked to"
        case .missingKey(let index): "no key was given for the address that input \(index) spends from"
        case .crypto(let error): "signing failed: \(error)"
        }
    }
}
