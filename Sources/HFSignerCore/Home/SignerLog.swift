import Glibc
import HFMigration
import HFStore

/// The signer's log file `<home>/logs/hf-signer.log` (DESIGN §7): one line per event, never a secret, never a wallet
/// or legacy ID where seed 000 forbids it. Directory 0700, file 0600. Logging never fails a command.
public struct SignerLog {
    /// The file name inside `<home>/logs`.
    public static let fileName = "hf-signer.log"

    private let directory: String

    /// The log of `home`.
    public init(home: SignerHome) { directory = home.directory.path("logs") }

    /// The log file's path.
    public var path: String { directory + "/" + Self.fileName }

    /// Appends `line` with a UTC timestamp.
    public func record(_ line: String) {
        _ = mkdir(directory, 0o700)
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array((StoreWalletHost.now() + " " + line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        _ = fsync(fd)
    }
}
