import HFCrypto
import HFPrimitives

import HFSystem

/// The devnet's state directory: created 0700 if missing, held with an exclusive `flock` on `lock` for as long as
/// the chain is open, and holding:
///
/// - `blocks.dat`: every block above genesis, appended in height order (`RecordFile`, magic `HFDVBLK1`);
/// - `mempool.dat`: the transactions accepted since the last block, in acceptance order (`RecordFile`, magic
///   `HFDVMEM1`), emptied when a block is mined;
/// - `blocks.dat.new`, `mempool.dat.new`: a reorganisation's replacement of either file while it is written, before
///   its rename (one left by a crash is removed on open);
/// - `coinbase.wif`: the devnet's own key in regtest WIF, created once with mode 0600 (written to a temporary file,
///   synced and renamed, then the directory synced), refused if group or others may read it.
final class StateDirectory {
    /// The directory.
    let path: String
    /// The descriptor holding the lock, or nil once closed.
    private var lockFD: FileDescriptor?

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
        let fd: FileDescriptor
        do {
            try Self.makeDirectory(trimmed)
            fd = try FileDescriptor.open(
                "\(trimmed)/lock", .readWrite, options: [.create, .noFollow], permissions: 0o600)
        } catch {
            throw .stateDirectory(path: trimmed, reason: error.reason)
        }
        let locked: Bool
        do {
            locked = try fd.tryLockExclusive()
        } catch {
            fd.closeIgnoringErrors()
            throw .stateDirectory(path: trimmed, reason: error.reason)
        }
        guard locked else {
            fd.closeIgnoringErrors()
            throw .stateDirectoryInUse(path: trimmed)
        }
        lockFD = fd
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

    /// Releases the lock (explicitly, see `FileDescriptor.unlockAndClose`) and closes its descriptor.
    func close() {
        guard let lockFD else { return }
        lockFD.unlockAndClose()
        self.lockFD = nil
    }

    /// The devnet key: read from `coinbase.wif`, or generated and stored there the first time (`created`).
    /// - Throws: `DevnetError.keyFile`, `.keyFileTooOpen`, or `.storage` when the new key cannot be written.
    func loadOrCreateKey() throws(DevnetError) -> (key: PrivateKey, created: Bool) {
        let existing: FileStatus?
        do {
            existing = try FileSystem.linkStatus(keyPath)
        } catch let error where error.code == Errno.noSuchFileOrDirectory {
            existing = nil
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
            let fd = try FileDescriptor.open(keyPath, .readOnly, options: [.noFollow])
            defer { fd.closeIgnoringErrors() }
            let status = try fd.status()
            guard status.kind == .regular, status.size <= 256 else {
                throw DevnetError.keyFile(path: keyPath, reason: "not a key file (expected a short regular file)")
            }
            guard status.owner == CurrentProcess.effectiveUserID, status.permissions & 0o077 == 0 else {
                throw DevnetError.keyFileTooOpen(path: keyPath, mode: status.permissions)
            }
            bytes = try fd.readAllBytes()
        } catch let error as DevnetError {
            throw error
        } catch let error as Errno {
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
        do {
            try FileWriter.replaceAtomically(keyPath, contents: text, permissions: 0o600)
        } catch {
            throw .storage(path: keyPath, reason: error.reason)
        }
    }

    /// Creates `path` (mode 0700) unless a directory is already there.
    private static func makeDirectory(_ path: String) throws(Errno) {
        if let existing = try? FileSystem.linkStatus(path) {
            guard existing.kind == .directory else { throw Errno(code: Errno.notDirectory, call: .mkdir, path: path) }
            return
        }
        do { try FileSystem.makeDirectory(path, permissions: 0o700) } catch {
            if error.code != Errno.fileExists { throw error }
        }
    }
}

extension Errno {
    /// The call and the C library's text, as the devnet's errors give it: "fsync: no space left on device".
    var reason: String { "\(call.rawValue): \(message)" }
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
