/// The rule every keyshare vault applies to ids (docs/requirements/vaults.md: stable ids, free of account secrets).
///
/// An id is 1 to 100 bytes of `a-z`, `0-9`, `.`, `_` and `-`, starting with a letter or a digit (so it is a safe
/// file name: never `.`, `..` or hidden), and is not the reserved `vault-check`. Ids that look like secrets are
/// refused even though they fit the character set:
/// - only hexadecimal digits, 32 or more of them (a private key, a seed or an entropy in hex);
/// - 12 or more words of letters separated by `-`, `.` or `_` (a recovery phrase).
/// Mixed-case secrets (WIF keys, extended keys) cannot pass the character set. The signer's ids are
/// `wallet-<walletId>`, where the wallet ID is a public hash.
public enum VaultID {
    /// The longest id, in bytes.
    public static let maximumLength = 100
    /// The id the encrypted vault keeps for its passphrase check; never a keyshare id.
    public static let reserved = "vault-check"

    /// Throws when `id` breaks the rule.
    ///
    /// - Throws: `VaultError.invalidID` for a malformed id, `.secretLikeID` for one that looks like a secret.
    public static func validate(_ id: String) throws(VaultError) {
        let bytes = Array(id.utf8)
        guard let first = bytes.first, bytes.count <= maximumLength, isAlphanumeric(first),
            bytes.allSatisfy({ isAlphanumeric($0) || isSeparator($0) }), id != reserved
        else { throw .invalidID(id) }
        if looksSecret(bytes) { throw .secretLikeID }
    }

    /// Whether `id` passes ``validate(_:)``.
    public static func isValid(_ id: String) -> Bool {
        do { try validate(id) } catch { return false }
        return true
    }

    private static func looksSecret(_ bytes: [UInt8]) -> Bool {
        if bytes.count >= 32, bytes.allSatisfy(isHex) { return true }
        let words = bytes.split(whereSeparator: isSeparator)
        return words.count >= 12 && words.allSatisfy { $0.allSatisfy(isLetter) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x61...0x7a).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    private static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }
    private static func isHex(_ byte: UInt8) -> Bool { isDigit(byte) || (0x61...0x66).contains(byte) }
    private static func isSeparator(_ byte: UInt8) -> Bool { byte == 0x2d || byte == 0x2e || byte == 0x5f }
}
