import HFCrypto
import HFSystem

extension HeaderFileStore {
    /// Appends whole records past the tip: write, sync, then commit the new count.
    func append(_ bytes: [UInt8], recordCount: Int) throws(HeaderStoreError) {
        try file.write(bytes, at: committedCount * Self.recordSize)
        try file.sync()
        let newCount = committedCount + recordCount
        try table.setTip(count: newCount, digest: Hash.sha256(Array(bytes.suffix(Self.recordSize))))
        committedCount = newCount
    }

    /// Replaces the records from `index` (below the tip) with `bytes` through the redo record.
    func rewrite(from index: Int, _ bytes: [UInt8], recordCount: Int) throws(HeaderStoreError) {
        try writeSideFile(bytes)
        let redo = HeaderStoreState.Redo(index: index, count: recordCount, digest: Hash.sha256(bytes))
        try table.setRedo(redo)
        // From here on the rewrite is committed: a crash is completed by the next open.
        try applyRedo(redo, suffix: bytes)
    }

    /// Writes the new suffix to the side file and makes it durable (contents, then its name in the directory).
    ///
    /// No temporary file is needed: the side file means nothing until the redo row that names its digest is
    /// committed, and a side file without a redo row is removed on open.
    func writeSideFile(_ bytes: [UInt8]) throws(HeaderStoreError) {
        let side = try HeaderFile(path: sidePath, lockTimeout: nil, truncate: true)
        try side.write(bytes, at: 0)
        try side.sync()
        do {
            try FileSync.directory(directory)
        } catch {
            throw .file(error)
        }
    }

    /// Overwrites the main file from the redo's position with `suffix`, cuts it to the new length, syncs it, and
    /// records the new tip while clearing the redo in one statement. Idempotent: safe to repeat after a crash.
    func applyRedo(_ redo: HeaderStoreState.Redo, suffix: [UInt8]) throws(HeaderStoreError) {
        let newCount = redo.index + redo.count
        let newSize = newCount * Self.recordSize
        try file.write(suffix, at: redo.index * Self.recordSize)
        try file.truncate(to: newSize)
        try file.sync()
        var digest: [UInt8]?
        if redo.count > 0 {
            digest = Hash.sha256(Array(suffix.suffix(Self.recordSize)))
        } else if newCount > 0 {
            guard case .complete(let last) = try file.read(at: newSize - Self.recordSize, count: Self.recordSize)
            else {
                throw .fileShorterThanTip(path: file.path, records: 0, expected: newCount)
            }
            digest = Hash.sha256(last)
        }
        try table.setTip(count: newCount, digest: digest)
        committedCount = newCount
        removeSideFile()
    }

    /// Commits the empty state, then empties the file and removes any side file.
    func wipe() throws(HeaderStoreError) {
        try table.write(.empty(checkpointHash))
        committedCount = 0
        try file.truncate(to: 0)
        try file.sync()
        removeSideFile()
    }

    /// Removes the side file if present. Best effort: a leftover side file is harmless (it is ignored without a
    /// redo row, and overwritten by the next rewrite).
    func removeSideFile() {
        FileSystem.removeIfPresent(sidePath)
    }
}
