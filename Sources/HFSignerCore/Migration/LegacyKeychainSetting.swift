public import HFMigration
import HFStore

/// Where the signer finds the legacy keychain: the home preference `hf-signer.legacyKeychainDirectory`, set by
/// `migrate dashsync --keychain-dir DIR` and dropped by `migrate forget` (docs/design.md §8). While it is set, wallet
/// commands apply the launch state and removals and wipes apply the legacy rules of docs/requirements/legacy-migration.md.
public struct LegacyKeychainSetting {
    /// The preference key.
    public static let key = "hf-signer.legacyKeychainDirectory"

    private let home: SignerHome

    /// The setting of `home`.
    public init(home: SignerHome) { self.home = home }

    /// The configured keychain, if any.
    public func keychain() throws(SignerError) -> LegacyKeychain? {
        do { return try Preferences(database: home.database).value(Self.key).map { LegacyKeychain(root: $0) } } catch {
            throw .database(error)
        }
    }

    /// Records `directory` (made absolute by the caller).
    public func set(_ directory: String) throws(SignerError) {
        do { try Preferences(database: home.database).set(Self.key, to: directory) } catch { throw .database(error) }
    }

    /// Drops the setting (the legacy keychain is left as it is).
    public func forget() throws(SignerError) {
        do { try Preferences(database: home.database).remove(Self.key) } catch { throw .database(error) }
    }
}
