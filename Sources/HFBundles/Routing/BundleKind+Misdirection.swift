extension BundleKind {
    /// For a command of `reader` that takes only `expected` bundles (`broadcast` a `.hftx`, `wallet-api deliver` an
    /// `.hfanswer`, `call answer` an `.hfcall`, …): the sentence that refuses `bytes` of another kind and names the
    /// command that takes them, or nil when `bytes` are of `expected` kind or of no kind at all (the kind's decoder
    /// then says what is wrong). `file` is the path as the user gave it.
    public static func misdirection(
        of bytes: [UInt8], expected: BundleKind, reader: BundleReader, file: String
    ) -> String? {
        guard let kind = try? detect(bytes) else { return nil }
        return misdirection(ofKind: kind, expected: expected, reader: reader, file: file)
    }

    /// The same sentence for a file whose kind is already known (a ``ParsedBundle``'s).
    public static func misdirection(
        ofKind kind: BundleKind, expected: BundleKind, reader: BundleReader, file: String
    ) -> String? {
        guard kind != expected else { return nil }
        let program = reader == .signer ? "hf-signer" : "hf-watcher"
        let direction = kind.direction(importedBy: reader, file: file)
            ?? "this is \(kind.spokenName): import it with `\(program) import \(file)`"
        return direction + " (this command takes \(expected.spokenName))"
    }
}
