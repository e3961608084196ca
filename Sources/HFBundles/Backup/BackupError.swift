/// Why a `.bep` encrypted backup could not be read, opened or made.
///
/// No case carries key material, the password, or plaintext.
public enum BackupError: Error, Hashable, Sendable {
    /// The file has `size` bytes, more than `limit` (64 MiB).
    case tooLarge(size: Int, limit: Int)
    /// The file does not start with `HFBK1`: it is not a `.bep` backup (or not this version of the format).
    case badMagic
    /// The file has `size` bytes, fewer than the `minimum` of 53 (header, empty ciphertext and tag).
    case truncated(size: Int, minimum: Int)
    /// The iteration count is outside `allowed`; readers refuse it before deriving any key, so that a hostile file
    /// cannot pin the CPU (or make a backup trivially guessable).
    case iterationsOutOfRange(UInt32, allowed: ClosedRange<UInt32>)
    /// The authentication tag did not verify: the password is wrong or the file was damaged or altered.
    case wrongPasswordOrDamaged
    /// Sealing was asked with an empty password.
    case emptyPassword
    /// The plaintext to seal has `size` bytes; the sealed file would exceed 64 MiB.
    case plaintextTooLarge(size: Int, limit: Int)
}

extension BackupError: CustomStringConvertible {
    /// A sentence saying what was wrong and what to do.
    public var description: String {
        switch self {
        case .tooLarge(let size, let limit):
            "the backup file is \(size) bytes, more than the limit of \(limit); it is not a .bep backup"
        case .badMagic: "the file does not start with HFBK1, so it is not a .bep backup; check the file name"
        case .truncated(let size, let minimum):
            "the backup file is \(size) bytes, shorter than the smallest possible backup (\(minimum)); it was cut short"
        case .iterationsOutOfRange(let found, let allowed):
            "the backup asks for \(found) key-derivation iterations; \(allowed.lowerBound) to \(allowed.upperBound) "
                + "are accepted, so the file is damaged or not from this tool"
        case .wrongPasswordOrDamaged: "wrong password or damaged file"
        case .emptyPassword: "a backup password must not be empty; choose a long passphrase"
        case .plaintextTooLarge(let size, let limit):
            "the backup content is \(size) bytes, more than the \(limit) a .bep file can hold"
        }
    }
}
