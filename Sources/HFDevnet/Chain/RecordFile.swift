import HFCrypto
import HFPrimitives

import HFSystem

/// An append-only file of length-prefixed, checksummed records: the devnet's blocks and mempool.
///
/// Layout: an 8-byte magic, then records `length (UInt32 LE) ‖ checksum (first 4 bytes of SHA-256 of the payload) ‖
/// payload`. Appends write whole records after the last one and `fsync` before returning. A crash can only leave a
/// torn last record (short, or failing its checksum); opening keeps every record before the first bad one and
/// truncates the rest (then syncs), so the file always reopens as a prefix of what was appended. Not thread-safe: the
/// owner (`DevnetChain`, under its lock) serializes access.
final class RecordFile {
    /// The file's path.
    let path: String
    /// The open descriptor (read/write), or nil once closed.
    private var fd: FileDescriptor?
    /// The magic the file starts with.
    private let magic: [UInt8]
    /// The end of each record, in order (record i spans `ends[i-1]` or the magic's end … `ends[i]`).
    private var ends: [Int] = []

    /// The largest record accepted: 1 GiB (a devnet block is far smaller).
    static let maxRecordLength = 1 << 30

    // MARK: - Initializers

    /// Opens or creates `path` and reads its records.
    ///
    /// - Returns: the file, its valid records, and the number of bytes dropped after them (a torn tail).
    /// - Throws: `DevnetError.storage` when the file cannot be opened, read, repaired, or has another magic.
    static func open(path: String, magic: [UInt8]) throws(DevnetError) -> (RecordFile, [[UInt8]], Int) {
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(path, .readWrite, options: [.create, .noFollow], permissions: 0o600)
        } catch {
            throw .storage(path: path, reason: error.reason)
        }
        let file = RecordFile(path: path, fd: fd, magic: magic)
        do {
            let (records, dropped) = try file.load()
            return (file, records, dropped)
        } catch {
            file.close()
            throw error
        }
    }

    private init(path: String, fd: FileDescriptor, magic: [UInt8]) {
        self.path = path
        self.fd = fd
        self.magic = magic
    }

    deinit { close() }

    // MARK: - Properties

    /// The number of records.
    var count: Int { ends.count }

    /// The offset where the next record goes.
    private var endOffset: Int { ends.last ?? magic.count }

    // MARK: - Methods

    /// Appends `payloads` as records and syncs. On failure the file is cut back to its previous length (best effort)
    /// and the error thrown.
    func append(_ payloads: [[UInt8]]) throws(DevnetError) {
        guard let fd else { throw .closed }
        guard !payloads.isEmpty else { return }
        var writer = ByteWriter()
        var newEnds: [Int] = []
        var offset = endOffset
        for payload in payloads {
            precondition(payload.count <= Self.maxRecordLength, "RecordFile: record too large")
            writer.appendUInt32LE(UInt32(payload.count))
            writer.appendBytes(Hash.sha256(payload)[0..<4])
            writer.appendBytes(payload)
            offset += 8 + payload.count
            newEnds.append(offset)
        }
        do {
            try fd.writeAll(toAbsoluteOffset: endOffset, writer.bytes)
            try fd.sync()
        } catch {
            try? fd.resize(to: endOffset)
            throw .storage(path: path, reason: error.reason)
        }
        ends += newEnds
    }

    /// Keeps the first `count` records, drops the rest and syncs.
    func truncate(toCount count: Int) throws(DevnetError) {
        guard let fd else { throw .closed }
        guard count < ends.count else { return }
        let length = count == 0 ? magic.count : ends[count - 1]
        do {
            try fd.resize(to: length)
            try fd.sync()
        } catch {
            throw .storage(path: path, reason: error.reason)
        }
        ends.removeSubrange(count...)
    }

    /// Replaces the file, in one atomic step, by its first `count` records followed by `payloads` (a reorg: the
    /// blocks below the fork, then the new branch).
    ///
    /// The new contents are written to `<path>.new`, synced, and renamed over the file; then the directory is
    /// synced. A crash before the rename leaves the old file (and a stray `.new`, removed by the next
    /// `removeStaleReplacement`), after it the new one: never a mix, never the prefix alone. The descriptor then
    /// refers to the new file.
    /// - Returns: nil, or the failure to sync the directory after the rename: the file then holds the new records
    ///   (and this object follows it), but the rename may not survive a crash.
    /// - Throws: `DevnetError.storage` when nothing changed (before the rename).
    func replace(keepingFirst count: Int, appending payloads: [[UInt8]]) throws(DevnetError) -> DevnetError? {
        guard let fd else { throw .closed }
        precondition(count <= ends.count, "RecordFile.replace: keeping more records than there are")
        let keptLength = count == 0 ? magic.count : ends[count - 1]
        var kept = [UInt8](repeating: 0, count: keptLength)
        let replacementPath = path + Self.replacementSuffix
        // `withUnsafeMutableBytes` rethrows untyped errors, so the outcome travels as a value.
        let outcome = kept.withUnsafeMutableBytes { buffer in
            Result { () throws(Errno) in try fd.read(fromAbsoluteOffset: 0, into: buffer) }
        }
        let replacement: FileDescriptor
        do {
            guard try outcome.get() == keptLength else {
                throw DevnetError.storage(path: path, reason: "the file is shorter than the records read from it")
            }
            replacement = try FileDescriptor.open(
                replacementPath, .readWrite, options: [.create, .truncate, .noFollow], permissions: 0o600)
        } catch let error as DevnetError {
            throw error
        } catch let error as Errno {
            throw .storage(path: path, reason: error.reason)
        } catch {
            throw .storage(path: path, reason: "\(error)")
        }
        var newEnds = Array(ends[0..<count])
        var writer = ByteWriter()
        writer.appendBytes(kept)
        for payload in payloads {
            precondition(payload.count <= Self.maxRecordLength, "RecordFile: record too large")
            writer.appendUInt32LE(UInt32(payload.count))
            writer.appendBytes(Hash.sha256(payload)[0..<4])
            writer.appendBytes(payload)
            newEnds.append(writer.bytes.count)
        }
        do {
            try replacement.writeAll(toAbsoluteOffset: 0, writer.bytes)
            try replacement.sync()
            try FileSystem.rename(replacementPath, to: path)
        } catch {
            replacement.closeIgnoringErrors()
            FileSystem.removeIfPresent(replacementPath)
            throw .storage(path: path, reason: error.reason)
        }
        fd.closeIgnoringErrors()
        self.fd = replacement
        ends = newEnds
        do {
            try FileSystem.syncDirectory(Self.parentDirectory(of: path))
        } catch {
            return .storage(path: Self.parentDirectory(of: path), reason: error.reason)
        }
        return nil
    }

    /// Closes the file; later appends throw `DevnetError.closed`.
    func close() {
        guard let fd else { return }
        fd.closeIgnoringErrors()
        self.fd = nil
    }

    /// Reads the records, writing the magic into a new (or torn-at-creation) file and cutting off a torn tail.
    private func load() throws(DevnetError) -> ([[UInt8]], Int) {
        guard let fd else { throw .closed }
        let bytes: [UInt8]
        do {
            bytes = try fd.readAllBytes()
        } catch {
            throw .storage(path: path, reason: error.reason)
        }
        if bytes.count < magic.count, magic.starts(with: bytes) {
            // New, or a crash while the magic itself was being written: start afresh.
            do {
                try fd.resize(to: 0)
                try fd.writeAll(toAbsoluteOffset: 0, magic)
                try fd.sync()
                try FileSystem.syncDirectory(Self.parentDirectory(of: path))
            } catch {
                throw .storage(path: path, reason: error.reason)
            }
            return ([], 0)
        }
        guard bytes.starts(with: magic) else {
            throw .storage(path: path, reason: "not a devnet state file (unexpected magic)")
        }
        var records: [[UInt8]] = []
        var offset = magic.count
        while offset + 8 <= bytes.count {
            let length =
                Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
                | Int(bytes[offset + 3]) << 24
            let start = offset + 8
            guard length <= Self.maxRecordLength, length <= bytes.count - start else { break }
            let payload = Array(bytes[start..<start + length])
            guard Array(Hash.sha256(payload)[0..<4]) == Array(bytes[offset + 4..<offset + 8]) else { break }
            records.append(payload)
            offset = start + length
            ends.append(offset)
        }
        let dropped = bytes.count - offset
        if dropped > 0 {
            do {
                try fd.resize(to: offset)
                try fd.sync()
            } catch {
                throw .storage(path: path, reason: error.reason)
            }
        }
        return (records, dropped)
    }

    /// The suffix of the temporary file `replace` writes beside the file.
    static let replacementSuffix = ".new"

    /// Removes a `<path>.new` left by a crash during `replace` before its rename (the file itself is then the old
    /// one, whole).
    static func removeStaleReplacement(of path: String) {
        FileSystem.removeIfPresent(path + replacementSuffix)
    }

    /// The directory part of `path` ("." when there is none).
    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
