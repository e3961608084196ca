public import HFBundles

/// The first check of every signer command that takes one kind of bundle (`call review|answer` an `.hfcall`, `send
/// --request` an `.hfpayreq`): a bundle of another kind is refused naming the command that takes it.
public enum SignerBundleGate {
    /// - Throws: `SignerError.rejected` (65) for a bundle of another kind than `expected`; nothing else (a malformed
    ///   file is left to the kind's decoder, which says what is wrong).
    public static func admit(_ bytes: [UInt8], as expected: BundleKind, source: String) throws(SignerError) {
        if let sentence = BundleKind.misdirection(of: bytes, expected: expected, reader: .signer, file: source) {
            throw .rejected(reason: "\(source): \(sentence); nothing changed")
        }
    }
}
