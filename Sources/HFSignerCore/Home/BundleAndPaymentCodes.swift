public import HFBundles
public import HFWallet

/// The stable `--json` codes of bundle and payment failures: each case by its own name (docs/design.md §8).
extension BundleError {
    /// The case's name (`missingField`, `wrongNetwork`, …).
    public var code: String {
        switch self {
        case .tooLarge: "tooLarge"
        case .invalidJSON: "invalidJSON"
        case .unrecognizedContent: "unrecognizedContent"
        case .unknownFormat: "unknownFormat"
        case .wrongFormat: "wrongFormat"
        case .unsupportedVersion: "unsupportedVersion"
        case .unknownNetwork: "unknownNetwork"
        case .wrongNetwork: "wrongNetwork"
        case .missingField: "missingField"
        case .unknownField: "unknownField"
        case .wrongType: "wrongType"
        case .malformedHex: "malformedHex"
        case .wrongLength: "wrongLength"
        case .overLimit: "overLimit"
        case .countOutOfRange: "countOutOfRange"
        case .outOfRange: "outOfRange"
        case .invalidValue: "invalidValue"
        case .invalidText: "invalidText"
        case .emptyValue: "emptyValue"
        case .invalidTimestamp: "invalidTimestamp"
        case .invalidAddress: "invalidAddress"
        case .invalidPublicKey: "invalidPublicKey"
        case .invalidSignatureEncoding: "invalidSignatureEncoding"
        case .highSSignature: "highSSignature"
        case .invalidMnemonicFormat: "invalidMnemonicFormat"
        case .invalidMerkleProof: "invalidMerkleProof"
        case .duplicateEntry: "duplicateEntry"
        case .invalidOutputReference: "invalidOutputReference"
        case .txidMismatch: "txidMismatch"
        case .blockHashMismatch: "blockHashMismatch"
        case .proofTargetMismatch: "proofTargetMismatch"
        case .proofTxidMismatch: "proofTxidMismatch"
        case .walletIDMismatch: "walletIDMismatch"
        case .headersNotLinked: "headersNotLinked"
        case .checkpointNotLinked: "checkpointNotLinked"
        case .startHeightOutOfRange: "startHeightOutOfRange"
        case .anchorMismatch: "anchorMismatch"
        case .invalidAuthRequest: "invalidAuthRequest"
        case .multipleDefaultWallets: "multipleDefaultWallets"
        case .identityKeyMismatch: "identityKeyMismatch"
        case .signatureInvalid: "signatureInvalid"
        case .answerMismatch: "answerMismatch"
        }
    }
}

extension PaymentError {
    /// The case's name; a coin-selection failure by the selection's own case (`insufficientFunds`, …).
    public var code: String {
        switch self {
        case .noOutputs: "noOutputs"
        case .zeroAmount: "zeroAmount"
        case .amountTooLarge: "amountTooLarge"
        case .wrongNetwork: "wrongNetwork"
        case .emptyData: "emptyData"
        case .unparsableScript: "unparsableScript"
        case .scriptIsDataOutput: "scriptIsDataOutput"
        case .emptyUpload: "emptyUpload"
        case .lockTimeNotHeight: "lockTimeNotHeight"
        case .notEnoughChangeAddresses: "notEnoughChangeAddresses"
        case .changeAddressNotOnChangeChain: "changeAddressNotOnChangeChain"
        case .duplicateAddress: "duplicateAddress"
        case .selection(let error): error.code
        case .missingKey: "missingKey"
        case .signing: "signing"
        }
    }
}

extension MoveError {
    /// The case's name.
    public var code: String {
        switch self {
        case .nothingToMove: "nothingToMove"
        case .notEnoughAddresses: "notEnoughAddresses"
        case .invalidRequest(let error): error.code
        case .tooLarge: "exceedsSizeLimit"
        case .belowDust: "belowDust"
        }
    }
}

extension CoinSelectionError {
    /// The case's name.
    public var code: String {
        switch self {
        case .noSpendableOutputs: "noSpendableOutputs"
        case .insufficientFunds: "insufficientFunds"
        case .exceedsSizeLimit: "exceedsSizeLimit"
        }
    }
}
