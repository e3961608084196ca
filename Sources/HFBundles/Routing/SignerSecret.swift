import HFPrimitives

/// A file that holds, or looks like, one of the signer's secrets: what the online machine must never keep.
///
/// ``recognize(_:)`` knows the signer's own secret files by content (``BundleKind/detect(_:)``) and, in a short
/// text file, the shapes secrets are written in: 12, 15, 18, 21 or 24 words of 3 to 8 lowercase letters (a BIP39
/// recovery phrase), a WIF private key (Base58Check, version 0x80 or 0xef, 32 bytes with an optional compression
/// flag), an extended private key (`xprv…`/`tprv…`), or a standard SeedQR (48 or 96 decimal digits); and a compact
/// SeedQR as it is stored or scanned: exactly 16 or 32 bytes that are not text (the phrase's raw entropy).
public enum SignerSecret: Sendable, Equatable {
    /// The signer's encrypted backup (`.bep`).
    case encryptedBackup
    /// The decrypted plaintext of a backup.
    case backupDocument
    /// An encrypted wallet file (`.hfwallet`).
    case walletFile
    /// The decrypted plaintext of a wallet file.
    case walletFileDocument
    /// A recovery phrase of `words` words.
    case recoveryPhrase(words: Int)
    /// A WIF private key.
    case privateKey
    /// An extended private key.
    case extendedPrivateKey
    /// A standard SeedQR's digits.
    case seedQR
    /// A compact SeedQR's bytes (16 or 32 bytes of raw entropy).
    case compactSeedQR

    /// The largest text file looked at for a written secret (a phrase, a key or SeedQR digits are far shorter).
    public static let maxTextBytes = 1024

    /// What the file is, as the refusal names it.
    public var spokenName: String {
        switch self {
        case .encryptedBackup: "the signer's encrypted backup (.bep)"
        case .backupDocument: "the signer's decrypted backup"
        case .walletFile: "the signer's encrypted wallet file (.hfwallet)"
        case .walletFileDocument: "the signer's decrypted wallet file"
        case .recoveryPhrase(let words): "a recovery phrase (\(words) words)"
        case .privateKey: "a private key (WIF)"
        case .extendedPrivateKey: "an extended private key (xprv)"
        case .seedQR: "a SeedQR (a recovery phrase as digits)"
        case .compactSeedQR: "a compact SeedQR (a recovery phrase as raw bytes)"
        }
    }

    /// The refusal `hf-watcher` gives: what the file is, that it should not be on the online machine, that nothing
    /// was stored, and what to do.
    public var refusal: String {
        "this is \(spokenName): it should not be on the online machine. Nothing was stored; delete the file "
            + "from this machine and keep the secret offline (if it was ever on a networked machine, consider the "
            + "wallet exposed and move its funds)"
    }

    /// The secret `bytes` hold or look like, or nil.
    public static func recognize(_ bytes: [UInt8]) -> SignerSecret? {
        switch try? BundleKind.detect(bytes) {
        case .encryptedBackup: return .encryptedBackup
        case .backupDocument: return .backupDocument
        case .walletFile: return .walletFile
        case .walletFileDocument: return .walletFileDocument
        case .some: return nil
        case nil: break
        }
        let isText = bytes.allSatisfy { (0x20...0x7E).contains($0) || [0x09, 0x0A, 0x0D].contains($0) }
        if [16, 32].contains(bytes.count), !isText {
            return .compactSeedQR
        }
        guard bytes.count <= maxTextBytes, let text = String(validating: bytes, as: UTF8.self) else { return nil }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        if [12, 15, 18, 21, 24].contains(words.count),
            words.allSatisfy({ (3...8).contains($0.count) && $0.allSatisfy { ("a"..."z").contains($0) } })
        {
            return .recoveryPhrase(words: words.count)
        }
        guard words.count == 1, let token = words.first.map(String.init) else { return nil }
        if [48, 96].contains(token.count), token.allSatisfy(\.isASCIIDigit) { return .seedQR }
        if token.count == 111, token.hasPrefix("xprv") || token.hasPrefix("tprv"),
            (try? Base58.decodeCheck(token, maxLength: 111))?.count == 78
        {
            return .extendedPrivateKey
        }
        if let payload = try? Base58.decodeCheck(token, maxLength: 52), [0x80, 0xef].contains(payload.first),
            payload.count == 33 || (payload.count == 34 && payload.last == 0x01)
        {
            return .privateKey
        }
        return nil
    }
}

extension Character {
    /// `0`…`9`.
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
