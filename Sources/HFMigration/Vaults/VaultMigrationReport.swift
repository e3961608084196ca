public import HFStore

/// What one run of a vault migration did.
public struct VaultMigrationReport: Equatable, Sendable, Encodable {
    /// The vault items came from.
    public let from: String
    /// The vault that is now active.
    public let to: String
    /// Items written to the new vault and verified by reading back.
    public var copied = 0
    /// Items the new vault already held with identical bytes (an earlier, interrupted run copied them).
    public var alreadyPresent = 0
    /// Items deleted from the old vault after their copy was verified.
    public var deleted = 0

    /// An empty report for a migration from `from` to `to`.
    public init(from: VaultKind, to: VaultKind) {
        self.from = from.rawValue
        self.to = to.rawValue
    }
}
