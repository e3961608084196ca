import HFBundles
import HFPrimitives

/// What is wrong with a label or its reference, in words for `label set` and the import report.
enum LabelProblem {
    /// The sentence for `error` from `WalletLabel(kind:ref:label:network:)` for a reference of `kind`.
    static func describe(_ error: BundleError, kind: WalletLabel.Kind) -> String {
        switch error {
        case .invalidAddress(_, .wrongNetwork(_, _)): "the address is of another network"
        case .invalidAddress: "the reference is not a P2PKH address"
        case .malformedHex, .wrongLength: "the reference is not a txid (64 hex digits)"
        case .invalidOutputReference: "the reference is not an output TXID:VOUT (64 hex digits, a colon, an index)"
        case .overLimit: "the label is longer than \(BundleLimits.maxLabelBytes) bytes of UTF-8"
        case .invalidText: "the label holds a control character (a newline, a tab, an escape …)"
        case .emptyValue: "the label is empty"
        default: "the \(kind.rawValue) label is malformed: \(error)"
        }
    }
}
