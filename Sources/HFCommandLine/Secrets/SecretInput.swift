#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads secrets (passphrases, mnemonics) from a protected file or from the terminal without echo.
///
/// Secrets never come from argv (`/proc/<pid>/cmdline` is world-readable). Every function returns `[UInt8]`
/// that the **caller must zeroize** when done (``zeroize(_:)`` or `HFCrypto.Zeroization.zeroize`). The kit
/// zeroizes its own intermediate buffers.
///
/// Exit codes: a missing or non-regular secret file is 66; a file with any group or other permission bit is 77
/// (the message says to run `chmod 600 FILE`); a prompt without a terminal is **64**, because the fix is on the
/// command line (give `--passphrase-file FILE`).
public enum SecretInput {
    /// The largest secret file accepted, in bytes.
    public static let maximumSecretSize = 64 * 1024

    /// Reads a secret from `path`, which must be a regular file with no group or other permissions (0600, 0400).
    ///
    /// A single trailing newline (`\n` or `\r\n`) is removed; nothing else is trimmed. Checks are made on the
    /// opened descriptor, so the file cannot be swapped between the check and the read.
    /// - Returns: the secret bytes; zeroize them after use.
    /// - Throws: ``CommandError``: 66 when missing or not a regular file, 77 when too open or unreadable,
    ///   65 when larger than ``maximumSecretSize``, 74 on a read error.
    public static func readFile(_ path: String) throws(CommandError) -> [UInt8] {
        let fd = Syscalls.openFile(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else {
            let code = Syscalls.lastError
            switch code {
            case ENOENT, ENOTDIR:
                throw .noInput("secret file '\(path)' does not exist")
            case EACCES, EPERM:
                throw .noPermission("cannot read secret file '\(path)': permission denied")
            default:
                throw .noInput("cannot open secret file '\(path)': \(Syscalls.describe(code))")
            }
        }
        defer { Syscalls.closeFile(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw .ioError("cannot inspect secret file '\(path)': \(Syscalls.describe(Syscalls.lastError))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .noInput("secret file '\(path)' is not a regular file")
        }
        let permissions = info.st_mode & 0o777
        guard permissions & 0o077 == 0 else {
            throw .noPermission(
                "secret file '\(path)' is accessible by group or others (mode \(octal(permissions))); "
                    + "run `chmod 600 \(path)`")
        }
        guard Int(info.st_size) <= maximumSecretSize else {
            throw .dataError("secret file '\(path)' is larger than \(maximumSecretSize) bytes")
        }
        var secret = SecretBuffer(capacity: Int(info.st_size) + 1)
        var chunk = [UInt8](repeating: 0, count: 4096)
        defer { zeroize(&chunk) }
        while true {
            let count = chunk.withUnsafeMutableBytes { Syscalls.readSome(fd, into: $0) }
            if count < 0 {
                secret.wipe()
                throw .ioError("cannot read secret file '\(path)': \(Syscalls.describe(Syscalls.lastError))")
            }
            if count == 0 { break }
            guard secret.count + count <= maximumSecretSize else {
                secret.wipe()
                throw .dataError("secret file '\(path)' is larger than \(maximumSecretSize) bytes")
            }
            secret.append(chunk[0..<count])
        }
        secret.trimOneNewline()
        return secret.take()
    }

    /// Overwrites every byte of `bytes` with zero. Prefer `HFCrypto.Zeroization.zeroize` where HFCrypto is linked.
    public static func zeroize(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return }
            _ = memset(base, 0, buffer.count)
        }
    }

    /// `0644`-style octal text for a permission value.
    static func octal(_ permissions: mode_t) -> String {
        let digits = String(permissions, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
