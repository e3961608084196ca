import HFMigration
import HFStore
import HFSystem

/// The signer's log file `<home>/logs/hf-signer.log` (docs/design.md §7): one line per event, never a secret, never a wallet
/// or legacy ID where docs/requirements/legacy-migration.md forbids it. Directory 0700, file 0600. Logging never fails a command.
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
        if (try? FileSystem.makeDirectory(directory, permissions: 0o700)) != nil {
            // Exactly 0700 whatever the umask, like every directory of the home.
            try? FileSystem.setPermissions(directory, 0o700)
        }
        guard
            let fd = try? FileDescriptor.openCreatingExactly(path, .writeOnly, permissions: 0o600, options: [.append])
                .descriptor
        else { return }
        defer { fd.closeIgnoringErrors() }
        let bytes = Array((StoreWalletHost.now() + " " + line + "\n").utf8)
        try? fd.writeAll(bytes)
        try? fd.sync()
    }
}
