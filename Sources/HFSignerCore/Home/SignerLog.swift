import HFMigration
import HFStore
import HFSystem

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
        try? FileSystem.makeDirectory(directory, permissions: 0o700)
        let options: FileDescriptor.OpenOptions = [.append, .create, .noFollow]
        guard let fd = try? FileDescriptor.open(path, .writeOnly, options: options, permissions: 0o600) else { return }
        defer { fd.closeIgnoringErrors() }
        let bytes = Array((StoreWalletHost.now() + " " + line + "\n").utf8)
        try? fd.writeAll(bytes)
        try? fd.sync()
    }
}
