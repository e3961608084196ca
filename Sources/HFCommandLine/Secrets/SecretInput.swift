import HFSystem


/// Reads secrets (passphrases, mnemonics) from a protected file or from the terminal without echo.
///
/// Secrets never come from argv (`/proc/<pid>/cmdline` is world-readable). Every function returns `[UInt8]`
/// that the **caller must zeroize** when done (``zeroize(_:)`` or `HFCrypto.Zeroization.zeroize`). The kit
/// zeroizes its own intermediate buffers.
///
/// Exit codes: a missing or non-regular secret file is 66; a file of another user (not root) is 77 (the message says
/// which `chown` fixes it); a file with any group or other permission bit is 77 (the message says to run
/// `chmod 600 FILE`); a prompt without a terminal is **64**, because the fix is on the
/// command line (give `--passphrase-file FILE`).
public enum SecretInput {
    /// The largest secret file accepted, in bytes.
    public static let maximumSecretSize = 64 * 1024

    /// Reads a secret from `path`, which must be a regular file owned by the current user or root, with no group or
    /// other permissions (0600, 0400).
    ///
    /// A single trailing newline (`\n` or `\r\n`) is removed; nothing else is trimmed. Checks are made on the
    /// opened descriptor, so the file cannot be swapped between the check and the read.
    /// - Parameters:
    ///   - path: the file.
    ///   - limit: the largest size accepted, ``maximumSecretSize`` by default (a secret image is larger).
    ///   - trimmingNewline: whether one trailing newline is removed (false for binary files such as images).
    /// - Returns: the secret bytes; zeroize them after use.
    /// - Throws: ``CommandError``: 66 when missing, a symbolic link or not a regular file, 77 when owned by another user, too open or
    ///   unreadable, 65 when larger than `limit`, 74 on a read error.
    public static func readFile(_ path: String, limit: Int = maximumSecretSize, trimmingNewline: Bool = true)
        throws(CommandError) -> [UInt8]
    {
        let fd: FileDescriptor
        do {
            // A secret file must be the regular file itself: a symbolic link is refused (not followed), so a link
            // planted where a secret is expected cannot point the signer at another file.
            fd = try FileDescriptor.open(path, .readOnly, options: [.noControllingTerminal, .nonBlocking, .noFollow])
        } catch {
            switch error.code {
            case Errno.tooManySymbolicLinks:
                throw .noInput("secret file '\(path)' is a symbolic link; secret files must be regular files: give "
                    + "the file itself")
            case Errno.noSuchFileOrDirectory, Errno.notDirectory:
                throw .noInput("secret file '\(path)' does not exist")
            case Errno.permissionDenied, Errno.notPermitted:
                throw .noPermission("cannot read secret file '\(path)': permission denied")
            default:
                throw .noInput("cannot open secret file '\(path)': \(error.message)")
            }
        }
        defer { fd.closeIgnoringErrors() }
        let info: FileStatus
        do { info = try fd.status() } catch {
            throw .ioError("cannot inspect secret file '\(path)': \(error.message)")
        }
        guard info.kind == .regular else {
            throw .noInput("secret file '\(path)' is not a regular file")
        }
        guard info.isOwnedByCurrentUserOrRoot else {
            let user = CurrentProcess.effectiveUserID
            throw .noPermission(
                "secret file '\(path)' belongs to user \(info.owner), not to you (user \(user)) or root; "
                    + "run `chown \(user) \(path)` if you wrote it, else use a file of your own (`install -m 600`)")
        }
        let permissions = info.permissions
        guard permissions & 0o077 == 0 else {
            throw .noPermission(
                "secret file '\(path)' is accessible by group or others (mode \(octal(permissions))); "
                    + "run `chmod 600 \(path)`")
        }
        guard info.size <= limit else {
            throw .dataError("secret file '\(path)' is larger than \(limit) bytes")
        }
        var secret = SecretBuffer(capacity: info.size + 1)
        var chunk = [UInt8](repeating: 0, count: 4096)
        defer { zeroize(&chunk) }
        while true {
            let result = chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(Errno) in try fd.read(into: buffer) }
            }
            let count: Int
            do { count = try result.get() } catch {
                secret.wipe()
                throw .ioError("cannot read secret file '\(path)': \(error.message)")
            }
            if count == 0 { break }
            guard secret.count + count <= limit else {
                secret.wipe()
                throw .dataError("secret file '\(path)' is larger than \(limit) bytes")
            }
            secret.append(chunk[0..<count])
        }
        if trimmingNewline { secret.trimOneNewline() }
        return secret.take()
    }

    /// Overwrites every byte of `bytes` with zero. Prefer `HFCrypto.Zeroization.zeroize` where HFCrypto is linked.
    public static func zeroize(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes(MemoryWipe.wipe)
    }

    /// `0644`-style octal text for a permission value.
    static func octal(_ permissions: UInt32) -> String {
        let digits = String(permissions, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
