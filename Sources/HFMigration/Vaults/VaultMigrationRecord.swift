public import HFStore

/// The journal entry of a vault migration in progress: where from, where to, and which phase it reached.
///
/// The active vault follows from it: `from` while ``Phase/copying``, `to` from ``Phase/deleting`` on. The journal's
/// owner must make the step from copying to deleting, and that switch of the active vault, one atomic write.
public struct VaultMigrationRecord: Equatable, Sendable {
    /// How far the migration got.
    public enum Phase: String, Equatable, Sendable {
        /// Items are being copied and verified; the old vault is still active and complete.
        case copying
        /// Every item was copied and verified; the new vault is active; old items are being deleted.
        case deleting
    }

    /// The vault items come from.
    public let from: VaultKind
    /// The vault items go to.
    public let to: VaultKind
    /// The phase reached.
    public let phase: Phase

    /// A record.
    public init(from: VaultKind, to: VaultKind, phase: Phase) {
        self.from = from
        self.to = to
        self.phase = phase
    }

    /// The vault that holds every item in this phase.
    public var active: VaultKind { phase == .copying ? from : to }

    /// `"encrypted>file>copying"`: the form kept in a preference.
    public var text: String { "\(from.rawValue)>\(to.rawValue)>\(phase.rawValue)" }

    /// Parses ``text``; nil when malformed.
    public init?(text: String) {
        let parts = text.split(separator: ">", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let from = VaultKind(rawValue: parts[0]), let to = VaultKind(rawValue: parts[1]),
            from != to, let phase = Phase(rawValue: parts[2])
        else { return nil }
        self.init(from: from, to: to, phase: phase)
    }
}

/// Where a vault migration keeps its record, so a rerun after a crash knows where it stopped.
public protocol VaultMigrationJournal {
    /// The record of the migration in progress, or nil.
    func load() throws(VaultMigrationError) -> VaultMigrationRecord?
    /// Replaces the record (nil: the migration finished). Saving a `.deleting` record must make `to` the active vault
    /// in the same atomic write.
    func save(_ record: VaultMigrationRecord?) throws(VaultMigrationError)
}
