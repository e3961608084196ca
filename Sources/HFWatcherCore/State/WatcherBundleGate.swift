public import HFBundles

/// The first check of every watcher command that takes one kind of bundle (`broadcast` a `.hftx`, `wallet-api
/// deliver` an `.hfanswer`, `auth deliver` an `.hfauth`): a signer secret is refused as one, a bundle of another
/// kind is refused naming the command that takes it. Nothing is read from or written to the home.
public enum WatcherBundleGate {
    /// - Throws: `WatcherError.rejected` (65) for a secret or a bundle of another kind than `expected`; nothing else
    ///   (a malformed file is left to the kind's decoder, which says what is wrong).
    public static func admit(_ bytes: [UInt8], as expected: BundleKind, source: String) throws(WatcherError) {
        if let secret = SignerSecret.recognize(bytes) { throw .rejected(reason: "\(source): " + secret.refusal) }
        if let sentence = BundleKind.misdirection(of: bytes, expected: expected, reader: .watcher, file: source) {
            throw .rejected(reason: "\(source): \(sentence); nothing changed")
        }
    }
}
