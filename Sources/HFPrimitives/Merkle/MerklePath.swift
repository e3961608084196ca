/// A BRC-74 merkle path ("BUMP"): the nodes that prove one or more transactions are in a block.
///
/// `levels[0]` holds the transactions and their siblings; `levels[h]` holds the nodes needed at height `h`. Each
/// leaf has an `offset` (its position within its level) and either a hash or the *duplicate* flag (a copy of the
/// working hash: the last node of an odd-length level paired with itself). A compound path proves several
/// transactions; a node that can be computed from two children further down may be left out.
///
/// The initializers validate everything docs/reference/bsv-protocols.md §3.2 lists, as the reference `MerklePath` does and more
/// strictly: level 0 is not empty, at most 64 levels, no repeated offset within a level, above level 0 only offsets
/// that some level-0 hash needs (`(offset₀ >> h) ^ 1`) and no txid flag, level-0 offsets that fit the tree,
/// duplicates only on the right of a working node, no missing sibling, the CVE-2012-2459 guard (a sibling equal to
/// the working hash where it cannot be a forced duplicate), and every level-0 hash giving the same `root`. Leaves are
/// kept sorted by offset.
///
/// Special shapes, as in the reference: a single level with a single leaf (at offset 0) is a one-transaction block
/// whose root is that txid; a single level with several leaves is a full level 0 from which the tree is computed up
/// to the height its largest offset implies, the last node of each odd-length level paired with itself.
public struct MerklePath: Hashable, Sendable {
    /// One node of a level.
    public struct Leaf: Hashable, Sendable {
        /// The position within its level.
        public let offset: UInt64
        /// The node's hash, or nil for a duplicate leaf.
        public let hash: MerkleHash?
        /// Whether the leaf is flagged as a transaction the path is meant to prove (flag 0x02); level 0 only.
        public let isTxid: Bool

        /// A leaf with a hash (flags 0x00, or 0x02 with `isTxid`).
        public init(offset: UInt64, hash: MerkleHash, isTxid: Bool = false) {
            self.offset = offset
            self.hash = hash
            self.isTxid = isTxid
        }

        /// A duplicate leaf (flag 0x01): no hash, the working hash is paired with itself.
        public static func duplicate(offset: UInt64) -> Leaf {
            Leaf(offset: offset, hash: nil, isTxid: false)
        }

        /// Wraps the fields as they are.
        private init(offset: UInt64, hash: MerkleHash?, isTxid: Bool) {
            self.offset = offset
            self.hash = hash
            self.isTxid = isTxid
        }

        /// Whether this is a duplicate leaf.
        public var isDuplicate: Bool { hash == nil }

        /// The BUMP flags byte: 0x01 duplicate, 0x02 client txid, 0x00 other hash.
        public var flags: UInt8 { isDuplicate ? 0x01 : (isTxid ? 0x02 : 0x00) }
    }

    /// The height of the block the path is in.
    public let blockHeight: UInt32
    /// The levels, level 0 (transactions) first, each sorted by offset.
    public let levels: [[Leaf]]
    /// The merkle root every level-0 hash leads to.
    public let root: MerkleHash

    /// The most levels a path may have (BRC-74 `treeHeight ≤ 64`).
    public static let maxLevelCount = 64

    // MARK: - Initializers

    /// A path from its levels, sorted by offset and fully validated (see the type's documentation).
    /// - Throws: `MerklePathError`: `.emptyLevelZero`, `.tooManyLevels`, `.duplicateOffset`, `.illegalOffset`,
    ///   `.invalidFlags` (a txid flag above level 0), `.offsetOutOfRange`, `.duplicateNotAllowed`, `.missingHash`,
    ///   `.siblingEqualsWorkingHash`, `.rightSiblingAfterDuplicate` or `.mismatchedRoots`.
    public init(blockHeight: UInt32, levels: [[Leaf]]) throws(MerklePathError) {
        let sorted = levels.map { level in level.sorted { $0.offset < $1.offset } }
        try Self.checkStructure(sorted)
        self.blockHeight = blockHeight
        self.levels = sorted
        root = try Self.resolve(sorted).root
    }

    // MARK: - Properties

    /// The number of levels (BRC-74 `treeHeight`).
    public var treeHeight: Int { levels.count }

    /// The level-0 leaves flagged as client transactions, in offset order.
    public var txids: [Txid] {
        levels[0].compactMap { leaf in leaf.isTxid ? leaf.hash?.txid : nil }
    }

    // MARK: - Methods

    /// The position in the block of a transaction whose hash is at level 0 (flagged or not), or nil.
    public func offset(of txid: Txid) -> UInt64? {
        let leaf = MerkleHash(txid)
        return levels[0].first { $0.hash == leaf }?.offset
    }

    /// The merkle root for a transaction of this path.
    ///
    /// Every level-0 hash was checked to lead to the same root when the path was made, so this is `root` once the
    /// txid is found at level 0. It need not be flagged as a client txid: a sibling is a transaction of the block
    /// too.
    /// - Throws: `MerklePathError.txidNotFound` if no level-0 leaf has this hash.
    public func computeRoot(txid: Txid) throws(MerklePathError) -> MerkleHash {
        guard offset(of: txid) != nil else { throw .txidNotFound(txid) }
        return root
    }

    /// Checks the shape rules that need no hashing: non-empty level 0, level count, unique and legal offsets,
    /// level-0 offsets within the tree, and level-0 duplicates right of a hash leaf.
    private static func checkStructure(_ levels: [[Leaf]]) throws(MerklePathError) {
        guard let level0 = levels.first, !level0.isEmpty else { throw .emptyLevelZero }
        guard levels.count <= maxLevelCount else { throw .tooManyLevels(levels.count) }
        var legal = [Set<UInt64>](repeating: [], count: levels.count)
        for (height, level) in levels.enumerated() {
            var previous: UInt64?
            for leaf in level {
                guard leaf.offset != previous else { throw .duplicateOffset(level: height, offset: leaf.offset) }
                previous = leaf.offset
                if height == 0 {
                    guard !leaf.isDuplicate else { continue }
                    for above in 1..<max(1, levels.count) { legal[above].insert((leaf.offset >> UInt64(above)) ^ 1) }
                } else if !legal[height].contains(leaf.offset) {
                    throw .illegalOffset(level: height, offset: leaf.offset)
                } else if leaf.isTxid {
                    throw .invalidFlags(level: height, offset: leaf.offset, flags: leaf.flags)
                }
            }
        }
        let hashOffsets = Set(level0.filter { !$0.isDuplicate }.map(\.offset))
        for leaf in level0 where leaf.isDuplicate {
            guard leaf.offset & 1 == 1, hashOffsets.contains(leaf.offset ^ 1) else {
                throw .duplicateNotAllowed(level: 0, offset: leaf.offset)
            }
        }
        if levels.count == 1, level0.count == 1 {
            guard level0[0].offset == 0 else { throw .offsetOutOfRange(offset: level0[0].offset) }
        } else if levels.count > 1, levels.count < 64, let last = level0.last, last.offset >> UInt64(levels.count) != 0
        {
            throw .offsetOutOfRange(offset: last.offset)
        }
    }
}
