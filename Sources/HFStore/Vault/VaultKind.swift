/// The kinds of keyshare vault the toolkit provides.
public enum VaultKind: String, CaseIterable, Equatable, Hashable, Sendable {
    /// ``DatabaseKeyshareVault``: items sealed with AES-256-GCM in the store database (the default).
    case encrypted
    /// ``FileKeyshareVault``: one file (0600) per id in a private directory (0700), unencrypted.
    case file
    /// ``SingleFileKeyshareVault``: every item in one file (0600), rewritten atomically, unencrypted.
    case singleFile = "single-file"

    /// Whether secrets lie on disk unencrypted (protected only by file permissions).
    public var isUnencrypted: Bool { self != .encrypted }
}
