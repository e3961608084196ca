public import HFBundles

/// The first check of every watcher command that takes one kind of bundle (`broadcast` a `.hftx`, `wallet-api
/// deliver` an `.hfanswer`, `auth deliver` an `.hfauth`): a signer secret is refused as one, a bundle of another
/// kind is refused naming the command that takes it. Nothing is read from or written to the home.
public enum WatcherBundleGate {
    /// - Returns: the file parsed, for the command to decode without parsing it again; nil when it does not parse
    ///   (the kind's decoder then says what is wrong).
    /// - Throws: `WatcherError.rejected` (65) for a secret or a bundle of another kind than `expected`; nothing else.
    @discardableResult
    public static func admit(
        _ bytes: [UInt8], as expected: BundleKind, source: String
    ) throws(WatcherError) -> ParsedBundle? {
        if let secret = SignerSecret.recognize(bytes) { throw .rejected(reason: "\(source): " + secret.refusal) }
        let parsed = try? ParsedBundle(bytes)
        if let kind = parsed?.kind,
            let sentence = BundleKind.misdirection(ofKind: kind, expected: expected, reader: .watcher, file: source)
        {
            throw .rejected(reason: "\(source): \(sentence); nothing changed")
        }
        return parsed
    }
}
