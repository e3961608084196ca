import Glibc


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
        guard let rootDirectory = opendir(root) else {
            throw .enumerationFailed(path: root, reason: Self.describe(errno))
        }
        closedir(rootDirectory)
        guard let directory = opendir(serviceDirectory) else {
            let code = errno
            if code == ENOENT { return [] }
            throw .enumerationFailed(path: serviceDirectory, reason: Self.describe(code))
        }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw .enumerationFailed(path: serviceDirectory, reason: Self.describe(errno)) }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            guard let account = LegacyAccountName.decode(name) else { throw .malformedAccountName(name) }
            names.append(account)
            guard names.count <= Self.maximumAccounts else {
                throw .enumerationFailed(path: serviceDirectory, reason: "more than \(Self.maximumAccounts) items")
            }
        }
        return names.sorted()
    }

    /// The data of one item.
    ///
    /// - Throws: `LegacyKeychainError.itemUnreadable` (missing, a dangling link, not a regular file, too large).
    public func read(account: String) throws(LegacyKeychainError) -> [UInt8] {
        let path = self.path(of: account)
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { throw .itemUnreadable(account: account, reason: Self.describe(errno)) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw .itemUnreadable(account: account, reason: Self.describe(errno)) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .itemUnreadable(account: account, reason: "not a regular file")
        }
        guard Int(status.st_size) <= Self.maximumItemSize else {
            throw .itemUnreadable(account: account, reason: "larger than \(Self.maximumItemSize) bytes")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .itemUnreadable(account: account, reason: Self.describe(errno))
            }
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
        if unlink(path(of: account)) != 0 && errno != ENOENT {
            throw .deleteFailed(account: account, reason: Self.describe(errno))
        }
        let fd = open(serviceDirectory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            _ = fsync(fd)
            close(fd)
        }
    }

    private func path(of account: String) -> String { serviceDirectory + "/" + LegacyAccountName.encode(account) }

    private static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
