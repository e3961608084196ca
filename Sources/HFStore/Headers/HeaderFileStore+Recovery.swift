import HFCrypto

extension HeaderFileStore {
    /// Brings the files in line with the committed state in SQLite, as after a crash: seeds a missing row, wipes
    /// on a checkpoint change, completes a pending redo, truncates bytes past the tip, checks the tip's digest and
    /// removes a stale side file.
    func recover() throws(HeaderStoreError) {
        needsRecovery = true
        var state: HeaderStoreState
        if let stored = try table.read() {
            state = stored
        } else {
            state = .empty(checkpointHash)
            try table.write(state)
        }
        if state.checkpoint != checkpointHash {
            state = .empty(checkpointHash)
            try table.write(state)
        }
        if let redo = state.redo {
            try rollForward(redo)
        } else {
            try truncateToTip(state)
            removeSideFile()
        }
        needsRecovery = false
    }

    /// Completes a committed rewrite from its side file.
    private func rollForward(_ redo: HeaderStoreState.Redo) throws(HeaderStoreError) {
        let side = try HeaderFile(path: sidePath, lockTimeout: nil)
        let expectedSize = redo.count * Self.recordSize
        guard try side.size() == expectedSize, case .complete(let suffix) = try side.read(at: 0, count: expectedSize),
            Hash.sha256(suffix) == redo.digest
        else {
            throw .redoDamaged(path: sidePath)
        }
        let size = try file.size()
        guard size >= redo.index * Self.recordSize else {
            throw .fileShorterThanTip(path: file.path, records: size / Self.recordSize, expected: redo.index)
        }
        try applyRedo(redo, suffix: suffix)
    }

    /// Cuts the file back to the committed count and checks the last record against the recorded digest.
    private func truncateToTip(_ state: HeaderStoreState) throws(HeaderStoreError) {
        let size = try file.size()
        let expected = state.count * Self.recordSize
        guard size >= expected else {
            throw .fileShorterThanTip(path: file.path, records: size / Self.recordSize, expected: state.count)
        }
        if size > expected {
            try file.truncate(to: expected)
            try file.sync()
        }
        if let digest = state.tipDigest {
            guard case .complete(let last) = try file.read(at: expected - Self.recordSize, count: Self.recordSize),
                Hash.sha256(last) == digest
            else {
                throw .tipMismatch(path: file.path)
            }
        }
        committedCount = state.count
    }
}
