import HFSystem

/// A legacy keychain exported as a directory: `<root>/<service>/<account>`, one file per generic-password item whose
/// bytes are the item's data, account names encoded by ``LegacyAccountName``.
///
/// Listing the service directory is the attribute-only enumeration; reading a file is the per-item read, which can
/// fail on its own (a dangling link). Nothing here writes; only ``deleteMnemonic(account:)`` removes a file, and only
/// a `WALLET_MNEMONIC_KEY_*` account. The service directory itself is never removed.
public struct LegacyKeychain: Sendable {
    /// The largest item read (a mnemonic or a chain list is far smaller).
    public static let maximumItemSize = 1 << 20
    /// The most entries a service directory may list.
    public static let maximumAccounts = 100_000

    /// The keychain root directory.
    public let root: String
    /// The service, `org.dashfoundation.dash` for DashSync.
    public let service: String

    /// The keychain under `root` for `service`.
    public init(root: String, service: String = DashSyncLayout.service) {
        self.root = root
        self.service = service
    }

    /// `<root>/<service>`.
    public var serviceDirectory: String { root + "/" + LegacyAccountName.encode(service) }

    /// Every account of the service, sorted (attributes only; no item is read).
    ///
    /// A root that exists without the service directory holds no items. A root that cannot be listed (missing,
    /// not a directory, no permission) is an enumeration failure.
    public func accounts() throws(LegacyKeychainError) -> [String] {
        do { try FileDescriptor.open(root, .readOnly, options: [.directory]).closeIgnoringErrors() } catch {
            throw .enumerationFailed(path: root, reason: error.message)
        }
        let entries: [String]
        do { entries = try FileSystem.directoryEntries(serviceDirectory, followingLink: true) } catch {
            if error.code == Errno.noSuchFileOrDirectory { return [] }
            throw .enumerationFailed(path: serviceDirectory, reason: error.message)
        }
        guard entries.count <= Self.maximumAccounts else {
            throw .enumerationFailed(path: serviceDirectory, reason: "more than \(Self.maximumAccounts) items")
        }
        var names: [String] = []
        for name in entries {
            guard let account = LegacyAccountName.decode(name) else { throw .malformedAccountName(name) }
            names.append(account)
        }
        return names.sorted()
    }

    /// The data of one item.
    ///
    /// - Throws: `LegacyKeychainError.itemUnreadable` (missing, a dangling link, not a regular file, too large).
    public func read(account: String) throws(LegacyKeychainError) -> [UInt8] {
        let fd: FileDescriptor
        do { fd = try FileDescriptor.open(path(of: account), .readOnly, options: [.noControllingTerminal, .nonBlocking]) }
        catch { throw .itemUnreadable(account: account, reason: error.message) }
        defer { fd.closeIgnoringErrors() }
        let status: FileStatus
        do { status = try fd.status() } catch { throw .itemUnreadable(account: account, reason: error.message) }
        guard status.kind == .regular else { throw .itemUnreadable(account: account, reason: "not a regular file") }
        guard status.size <= Self.maximumItemSize else {
            throw .itemUnreadable(account: account, reason: "larger than \(Self.maximumItemSize) bytes")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let read = buffer.withUnsafeMutableBytes { buffer in Result { () throws(Errno) in try fd.read(into: buffer) } }
            let count: Int
            do { count = try read.get() } catch { throw .itemUnreadable(account: account, reason: error.message) }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[..<count])
            guard bytes.count <= Self.maximumItemSize else {
                throw .itemUnreadable(account: account, reason: "larger than \(Self.maximumItemSize) bytes")
            }
        }
        return bytes
    }

    /// Deletes one `WALLET_MNEMONIC_KEY_*` account (an explicit removal or wipe; never normal migration). A missing
    /// item is not an error.
    public func deleteMnemonic(account: String) throws(LegacyKeychainError) {
        guard DashSyncLayout.walletID(fromMnemonicAccount: account) != nil else { throw .deletionNotAllowed(account: account) }
        do { try FileSystem.remove(path(of: account)) } catch {
            if error.code != Errno.noSuchFileOrDirectory { throw .deleteFailed(account: account, reason: error.message) }
        }
        try? FileSystem.syncDirectory(serviceDirectory)
    }

    private func path(of account: String) -> String { serviceDirectory + "/" + LegacyAccountName.encode(account) }
}
