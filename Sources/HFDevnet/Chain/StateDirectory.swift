import HFCrypto
import HFPrimitives

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The devnet's state directory: created 0700 if missing, held with an exclusive `flock` on `lock` for as long as
/// the chain is open, and holding:
///
/// - `blocks.dat`: every block above genesis, appended in height order (`RecordFile`, magic `HFDVBLK1`);
/// - `mempool.dat`: the transactions accepted since the last block, in acceptance order (`RecordFile`, magic
///   `HFDVMEM1`), emptied when a block is mined;
/// - `coinbase.wif`: the devnet's own key in regtest WIF, created once with mode 0600 (written to a temporary file,
///   synced and renamed, then the directory synced), refused if group or others may read it.
final class StateDirectory {
    /// The directory.
    let path: String
    /// The descriptor holding the lock, or -1 once closed.
    private var lockFD: Int32

    /// The magic of `blocks.dat`.
    static let blocksMagic = Array("HFDVBLK1".utf8)
    /// The magic of `mempool.dat`.
    static let mempoolMagic = Array("HFDVMEM1".utf8)

    // MARK: - Initializers

    /// Creates `path` if needed and locks it.
    /// - Throws: `DevnetError.stateDirectory`, or `.stateDirectoryInUse` when another open chain holds it.
    init(path: String) throws(DevnetError) {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        self.path = trimmed
        do {
            try DevnetPosix.makeDirectory(trimmed)
            lockFD = try DevnetPosix.openFile("\(trimmed)/lock", O_RDWR | O_CREAT | O_NOFOLLOW, mode: 0o600)
        } catch {
            throw .stateDirectory(path: trimmed, reason: error.reason)
        }
        let locked: Bool
        do {
            locked = try DevnetPosix.tryLock(lockFD)
        } catch {
            DevnetPosix.closeFile(lockFD)
            throw .stateDirectory(path: trimmed, reason: error.reason)
        }
        guard locked else {
            DevnetPosix.closeFile(lockFD)
            throw .stateDirectoryInUse(path: trimmed)
        }
    }

    deinit { close() }

    // MARK: - Properties

    /// The block file.
    var blocksPath: String { "\(path)/blocks.dat" }
    /// The mempool file.
    var mempoolPath: String { "\(path)/mempool.dat" }
    /// The coinbase key file.
    var keyPath: String { "\(path)/coinbase.wif" }

    // MARK: - Methods

    /// Releases the lock (explicitly, see `DevnetPosix.unlock`) and closes its descriptor.
    func close() {
        guard lockFD >= 0 else { return }
        DevnetPosix.unlock(lockFD)
        DevnetPosix.closeFile(lockFD)
        lockFD = -1
    }

    /// The devnet key: read from `coinbase.wif`, or generated and stored there the first time (`created`).
    /// - Throws: `DevnetError.keyFile`, `.keyFileTooOpen`, or `.storage` when the new key cannot be written.
    func loadOrCreateKey() throws(DevnetError) -> (key: PrivateKey, created: Bool) {
        let existing: DevnetPosix.Status?
        do {
            existing = try DevnetPosix.linkStatus(keyPath)
        } catch {
            throw .keyFile(path: keyPath, reason: error.reason)
        }
        if existing != nil { return (try readKey(), false) }
        let key = PrivateKey.generate()
        try writeKey(key)
        return (key, true)
    }

    /// Reads and decodes the key file, checking its owner and mode first.
    private func readKey() throws(DevnetError) -> PrivateKey {
        var bytes: [UInt8]
        do {
            let fd = try DevnetPosix.openFile(keyPath, O_RDONLY | O_NOFOLLOW)
            defer { DevnetPosix.closeFile(fd) }
            let status = try DevnetPosix.status(fd)
            guard status.isRegularFile, status.size <= 256 else {
                throw DevnetPosix.Failure(reason: "not a key file (expected a short regular file)")
            }
            guard status.owner == DevnetPosix.effectiveUser, status.mode & 0o077 == 0 else {
                throw DevnetError.keyFileTooOpen(path: keyPath, mode: status.mode)
            }
            bytes = try DevnetPosix.readAll(fd)
        } catch let error as DevnetError {
            throw error
        } catch let error as DevnetPosix.Failure {
            throw .keyFile(path: keyPath, reason: error.reason)
        } catch {
            throw .keyFile(path: keyPath, reason: "\(error)")
        }
        defer { Zeroization.zeroize(&bytes) }
        let text = String(decoding: bytes, as: UTF8.self).trimmingWhitespace
        do {
            return try WIF.decode(text, network: .regtest).key
        } catch {
            throw .keyFile(path: keyPath, reason: "not a regtest WIF key: \(error)")
        }
    }

    /// Writes `key` as WIF to a private temporary file, syncs it, renames it into place and syncs the directory.
    private func writeKey(_ key: PrivateKey) throws(DevnetError) {
        var text = Array((WIF.encode(key, network: .regtest) + "\n").utf8)
        defer { Zeroization.zeroize(&text) }
        let temporary = "\(path)/.coinbase.wif.tmp-\(DevnetPosix.processID)"
        DevnetPosix.unlinkQuietly(temporary)
        do {
            let fd = try DevnetPosix.openFile(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode: 0o600)
            defer { DevnetPosix.closeFile(fd) }
            try DevnetPosix.changeMode(fd, 0o600)
            try DevnetPosix.write(fd, text, at: 0)
            try DevnetPosix.sync(fd)
            try DevnetPosix.renameFile(temporary, to: keyPath)
            try DevnetPosix.syncDirectory(path)
        } catch {
            DevnetPosix.unlinkQuietly(temporary)
            throw .storage(path: keyPath, reason: error.reason)
        }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    fileprivate var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
