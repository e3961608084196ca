import HFSystem

/// An open, exclusively locked file of fixed-size records: the header store's main file or its side file.
///
/// The lock (`flock`) is taken on the main file for as long as the store is open; it makes one store per file at
/// a time, across processes, and the kernel drops it when the process dies. Closing unlocks explicitly first, so a
/// copy of the descriptor held by a child that another thread has just spawned (until it `exec`s) cannot keep the
/// lock. Taking it waits a little (like SQLite's busy timeout): a command that is just finishing should not make
/// the next one fail.
final class HeaderFile {
    /// The file's path.
    let path: String
    /// The open descriptor (read/write).
    private let fd: FileDescriptor

    /// Opens (creating with mode exactly 0600 if missing, whatever the umask) the regular file at `path`.
    ///
    /// - Parameters:
    ///   - lockTimeout: when not nil, take the exclusive lock, waiting up to this long for a holder to let go
    ///     before failing with ``HeaderStoreError/busy(path:)``.
    ///   - truncate: empty the file on open.
    init(path: String, lockTimeout: Duration?, truncate: Bool = false) throws(HeaderStoreError) {
        let opened: FileDescriptor
        do {
            opened = try FileDescriptor.openCreatingExactly(
                path, .readWrite, permissions: 0o600, options: truncate ? [.truncate] : []
            ).descriptor
        } catch let error where [Errno.tooManySymbolicLinks, Errno.isDirectory].contains(error.code) {
            throw .notRegularFile(path: path)
        } catch {
            throw .file(FileSystemError(.open, path: path, error))
        }
        self.path = path
        self.fd = opened
        let status: FileStatus
        do { status = try fd.status() } catch { throw .file(FileSystemError(.inspect, path: path, error)) }
        guard status.kind == .regular else { throw .notRegularFile(path: path) }
        if let lockTimeout { try lock(waiting: lockTimeout) }
    }

    deinit {
        fd.unlockAndClose()
    }

    /// Takes the exclusive lock, polling every 5 ms until `timeout` has passed.
    private func lock(waiting timeout: Duration) throws(HeaderStoreError) {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            do {
                if try fd.tryLockExclusive() { return }
            } catch {
                throw .file(FileSystemError(.lock, path: path, error))
            }
            guard clock.now < deadline else { throw .busy(path: path) }
            SystemClock.sleep(.milliseconds(5))
        }
    }

    /// The file's length in bytes.
    func size() throws(HeaderStoreError) -> Int {
        do { return try fd.status().size } catch { throw .file(FileSystemError(.inspect, path: path, error)) }
    }

    /// Exactly `count` bytes from `offset`; a file that ends sooner is reported as `short(available)`.
    func read(at offset: Int, count: Int) throws(HeaderStoreError) -> ReadResult {
        var bytes = [UInt8](repeating: 0, count: count)
        let result = bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(Errno) in try fd.read(fromAbsoluteOffset: offset, into: buffer) }
        }
        switch result {
        case .success(let done) where done == count: return .complete(bytes)
        case .success(let done): return .short(available: done)
        case .failure(let error): throw .file(FileSystemError(.read, path: path, error))
        }
    }

    /// Writes `bytes` at `offset` (not yet durable: call ``sync()``).
    func write(_ bytes: [UInt8], at offset: Int) throws(HeaderStoreError) {
        do { try fd.writeAll(toAbsoluteOffset: offset, bytes) } catch {
            throw .file(FileSystemError(.write, path: path, error))
        }
    }

    /// Sets the file's length to `length` bytes (not yet durable: call ``sync()``).
    func truncate(to length: Int) throws(HeaderStoreError) {
        do { try fd.resize(to: length) } catch { throw .file(FileSystemError(.truncate, path: path, error)) }
    }

    /// Makes everything written so far durable (`fsync`).
    func sync() throws(HeaderStoreError) {
        do { try fd.sync() } catch { throw .file(FileSystemError(.sync, path: path, error)) }
    }
}

extension HeaderFile {
    /// The outcome of ``HeaderFile/read(at:count:)``.
    enum ReadResult {
        /// All the bytes asked for.
        case complete([UInt8])
        /// The file ended after `available` bytes.
        case short(available: Int)
    }
}
