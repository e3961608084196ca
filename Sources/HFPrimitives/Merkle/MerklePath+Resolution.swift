// Computing a merkle path's root bottom-up, with every hash-dependent check.

extension MerklePath {
    /// A known node: a hash, or the duplicate marker.
    enum Slot: Equatable {
        /// A node's hash (given, or computed from its children).
        case hash(MerkleHash)
        /// A duplicate leaf: pair the working hash with itself.
        case duplicate
    }

    /// The outcome of `resolve(_:)`.
    struct Resolution {
        /// The root every level-0 hash leads to.
        let root: MerkleHash
        /// Levels walked: `levels.count`, the implied height of a single full level, or 0 for a one-leaf block.
        let height: Int
        /// Every node known at each walked level, given or computed (implicit duplicates included).
        let known: [[UInt64: Slot]]
    }

    /// Walks all level-0 hashes up together, level by level, so that a path with n leaves costs O(n · levels).
    ///
    /// A *working* node is a level-0 hash leaf or an ancestor of one. Each working node needs its sibling (given,
    /// computed, or for a single full level an implicit duplicate of the last node); its parent is computed and
    /// must agree with any node given at that place, which is the reference's "every txid computes the same root"
    /// rule. Each working node remembers whether a level below it was duplicated (it is then the last node of its
    /// level, so it may not have a real sibling on its right).
    /// - Parameter levels: levels that passed `checkStructure`.
    static func resolve(_ levels: [[Leaf]]) throws(MerklePathError) -> Resolution {
        let level0 = levels[0]
        if levels.count == 1, level0.count == 1, let only = level0[0].hash {
            return Resolution(root: only, height: 0, known: [])
        }
        let maxOffset = level0.last?.offset ?? 0
        let isFullLevel = levels.count == 1
        let height = isFullLevel ? max(1, UInt64.bitWidth - maxOffset.leadingZeroBitCount) : levels.count
        var known: [[UInt64: Slot]] = []
        var current = slots(of: level0)
        var working: [UInt64: (hash: MerkleHash, duplicatedBelow: Bool)] = [:]
        for leaf in level0 {
            if let hash = leaf.hash { working[leaf.offset] = (hash, false) }
        }
        for level in 0..<height {
            var next = level + 1 < levels.count ? slots(of: levels[level + 1]) : [:]
            var nextWorking: [UInt64: (hash: MerkleHash, duplicatedBelow: Bool)] = [:]
            for offset in working.keys.sorted() {
                guard let (hash, duplicatedBelow) = working[offset] else { continue }
                let siblingOffset = offset ^ 1
                let sibling: Slot
                if let slot = current[siblingOffset] {
                    sibling = slot
                } else if isFullLevel, offset == maxOffset >> UInt64(level) {
                    sibling = .duplicate
                    current[siblingOffset] = .duplicate
                } else {
                    throw .missingHash(level: level, offset: siblingOffset)
                }
                let (parent, isLast) = try combine(
                    hash, at: offset, with: sibling, duplicatedBelow: duplicatedBelow, level: level)
                let parentOffset = offset >> 1
                if let given = next[parentOffset], given != .hash(parent) { throw .mismatchedRoots }
                next[parentOffset] = .hash(parent)
                let before = nextWorking[parentOffset]?.duplicatedBelow ?? false
                nextWorking[parentOffset] = (parent, before || isLast)
            }
            known.append(current)
            current = next
            working = nextWorking
        }
        // Level-0 offsets fit the tree, so everything has met at offset 0.
        guard working.count == 1, let top = working[0] else { throw .offsetOutOfRange(offset: maxOffset) }
        return Resolution(root: top.hash, height: height, known: known)
    }

    /// The parent of a working node and its sibling, and whether the parent is known to be last of its level.
    private static func combine(
        _ hash: MerkleHash, at offset: UInt64, with sibling: Slot, duplicatedBelow: Bool, level: Int
    ) throws(MerklePathError) -> (MerkleHash, Bool) {
        let isLeft = offset & 1 == 0
        let siblingOffset = offset ^ 1
        switch sibling {
        case .duplicate:
            guard isLeft else { throw .duplicateNotAllowed(level: level, offset: siblingOffset) }
            return (MerkleHash(left: hash, right: hash), true)
        case .hash(let other) where other == hash:
            // A forced duplicate written in full is fine on the right; on the left it is CVE-2012-2459.
            guard isLeft else { throw .siblingEqualsWorkingHash(level: level, offset: siblingOffset) }
            return (MerkleHash(left: hash, right: hash), true)
        case .hash(let other):
            guard isLeft else { return (MerkleHash(left: other, right: hash), duplicatedBelow) }
            guard !duplicatedBelow else { throw .rightSiblingAfterDuplicate(level: level, offset: siblingOffset) }
            return (MerkleHash(left: hash, right: other), false)
        }
    }

    /// The leaves of one level by offset.
    private static func slots(of level: [Leaf]) -> [UInt64: Slot] {
        var slots: [UInt64: Slot] = [:]
        for leaf in level {
            slots[leaf.offset] = leaf.hash.map(Slot.hash) ?? .duplicate
        }
        return slots
    }
}
