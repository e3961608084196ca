import HFPrimitives

extension BundleKind {
    /// The magic prefixes of BEEF V1, BEEF V2 and Atomic BEEF.
    static let beefPrefixes = BeefFile.binaryPrefixes

    /// The kind of a file, by its content (never by its name).
    ///
    /// Binary kinds are recognized by their magic prefix (`HFBK1` for `.bep`; `01 00 be ef`, `02 00 be ef` or
    /// `01 01 01 01` for BEEF) without further checks; so is BEEF as hex text (`0100beef`, `0200beef` or `01010101`
    /// in either case, after leading whitespace). Anything else must be a strict JSON object (it is parsed
    /// in full, with the bundle limits) whose `format` names the kind; `version`, `network` and the other fields
    /// are left to the kind's decoder.
    /// - Parameter bytes: the file's bytes.
    /// - Throws: `BundleError.unrecognizedContent` when the first non-whitespace byte is not `{`, `.tooLarge`,
    ///   `.invalidJSON`, `.missingField`/`.wrongType` (path `format`), or `.unknownFormat`.
    public static func detect(_ bytes: [UInt8]) throws(BundleError) -> BundleKind {
        try parse(bytes).kind
    }

    /// The kind of a file and, for a JSON bundle, its top-level object (parsed once, for ``ParsedBundle``).
    static func parse(_ bytes: [UInt8]) throws(BundleError) -> (kind: BundleKind, object: JSONObjectReader?) {
        if bytes.starts(with: EncryptedBackup.magic) { return (.encryptedBackup, nil) }
        if bytes.starts(with: EncryptedWalletFile.magic) { return (.walletFile, nil) }
        if beefPrefixes.contains(where: { bytes.starts(with: $0) }) { return (.beef, nil) }
        let first = bytes.first { ![0x20, 0x09, 0x0a, 0x0d].contains($0) }
        if let start = bytes.firstIndex(where: { ![0x20, 0x09, 0x0a, 0x0d].contains($0) }),
            BeefFile.isHexBeef(String(decoding: bytes[start...].prefix(8), as: UTF8.self))
        {
            return (.beef, nil)
        }
        guard first == UInt8(ascii: "{") else { throw .unrecognizedContent }
        let object = try BundleEnvelope.topLevel(bytes)
        var reader = object
        let format = try reader.field("format").string()
        guard let kind = BundleKind(formatName: format) else { throw .unknownFormat(String(format.prefix(64))) }
        return (kind, object)
    }
}
