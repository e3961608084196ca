/// Why an encrypted wallet file could not be read or opened. No case carries key material or plaintext.
public enum WalletFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file has `size` bytes, more than `limit` (64 MiB).
    case tooLarge(size: Int, limit: Int)
    /// The file does not start with `HFWF1`.
    case badMagic
    /// The file is shorter than the smallest possible wallet file.
    case truncated(size: Int, minimum: Int)
    /// The key is not 32 bytes.
    case badKey
    /// The authentication tag did not verify: another wallet's key, or a damaged or altered file.
    case wrongKeyOrDamaged

    /// A sentence saying what was wrong.
    public var description: String {
        switch self {
        case .tooLarge(let size, let limit): "the wallet file is \(size) bytes, more than the limit of \(limit)"
        case .badMagic: "the file does not start with HFWF1, so it is not an encrypted wallet file"
        case .truncated(let size, let minimum):
            "the wallet file is \(size) bytes, shorter than the smallest possible one (\(minimum)); it was cut short"
        case .badKey: "a wallet-file key is 32 bytes"
        case .wrongKeyOrDamaged:
            "the wallet file does not authenticate: it was made by another home's key, or damaged or altered"
        }
    }
}
