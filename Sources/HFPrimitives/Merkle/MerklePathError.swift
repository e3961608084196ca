/// Why a BRC-74 merkle path (BUMP) was refused, in its binary or JSON form, or why an operation on it failed.
public enum MerklePathError: Error, Equatable, Sendable {
    /// The binary form ends early, has a non-canonical VarInt or an oversize count, or continues after the last
    /// level.
    case malformed(ByteReaderError)
    /// The hex text is not hex.
    case invalidHex(HexError)
    /// Level 0 is missing or has no leaves.
    case emptyLevelZero
    /// More than 64 levels.
    case tooManyLevels(Int)
    /// A leaf's flags byte is not 0x00, 0x01 or 0x02, or is 0x02 (client txid) above level 0.
    case invalidFlags(level: Int, offset: UInt64, flags: UInt8)
    /// A JSON leaf has no hash without being a duplicate, a hash or txid flag on a duplicate, or a malformed hash.
    case invalidLeaf(level: Int, offset: UInt64)
    /// Two leaves of one level have the same offset.
    case duplicateOffset(level: Int, offset: UInt64)
    /// A leaf above level 0 at an offset that no level-0 hash needs.
    case illegalOffset(level: Int, offset: UInt64)
    /// A level-0 offset that does not fit a tree of this many levels (or a lone leaf not at offset 0).
    case offsetOutOfRange(offset: UInt64)
    /// A duplicate leaf where the working node is a right child, or a level-0 duplicate with no hash to its left.
    case duplicateNotAllowed(level: Int, offset: UInt64)
    /// The sibling a level-0 hash needs at `level`, at `offset`, is neither given nor computable.
    case missingHash(level: Int, offset: UInt64)
    /// At `level` a working node that is a right child has a left sibling (at `offset`) equal to it: the
    /// CVE-2012-2459 pattern of a duplicated subtree.
    case siblingEqualsWorkingHash(level: Int, offset: UInt64)
    /// At `level` a working node has a real right sibling (at `offset`) although a lower level was duplicated,
    /// which only the last node of a level can be.
    case rightSiblingAfterDuplicate(level: Int, offset: UInt64)
    /// Two level-0 hashes lead to different roots (a given node disagrees with the one computed below it).
    case mismatchedRoots
    /// The txid is not a level-0 hash of this path.
    case txidNotFound(Txid)
    /// Paths of different block heights cannot be merged.
    case mergeBlockHeightMismatch
    /// Paths with different roots cannot be merged.
    case mergeRootMismatch
    /// Paths with different numbers of levels cannot be merged.
    case mergeLevelCountMismatch
    /// The JSON object has a member that BRC-74 does not define.
    case unknownField(String)
}

extension MerklePathError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .malformed(let reason): "the binary merkle path is malformed: \(reason)"
        case .invalidHex(let reason): "the merkle path is not valid hex: \(reason)"
        case .emptyLevelZero: "the merkle path has no leaves at level 0"
        case .tooManyLevels(let count): "a merkle path has at most 64 levels, not \(count)"
        case .invalidFlags(let level, let offset, let flags):
            "leaf \(offset) at level \(level) has flags 0x\(String(flags, radix: 16)), which that level does not allow"
        case .invalidLeaf(let level, let offset):
            "leaf \(offset) at level \(level) needs either a hash or the duplicate flag, not both or neither"
        case .duplicateOffset(let level, let offset): "offset \(offset) appears twice at level \(level)"
        case .illegalOffset(let level, let offset):
            "offset \(offset) at level \(level) is not needed by any transaction"
        case .offsetOutOfRange(let offset): "level-0 offset \(offset) does not fit the merkle tree of this path"
        case .duplicateNotAllowed(let level, let offset):
            "the duplicate leaf \(offset) at level \(level) is not on the right of a working node"
        case .missingHash(let level, let offset): "the merkle path lacks the node at offset \(offset), level \(level)"
        case .siblingEqualsWorkingHash(let level, let offset):
            "at level \(level) the left sibling \(offset) equals the working hash: a duplicated subtree (CVE-2012-2459)"
        case .rightSiblingAfterDuplicate(let level, let offset):
            "at level \(level) a right sibling (\(offset)) follows a duplicated level; no real tree has that"
        case .mismatchedRoots: "the merkle path's transactions lead to different roots"
        case .txidNotFound(let txid): "transaction \(txid) is not in the merkle path"
        case .mergeBlockHeightMismatch: "merkle paths of different blocks cannot be merged"
        case .mergeRootMismatch: "merkle paths with different roots cannot be merged"
        case .mergeLevelCountMismatch: "merkle paths with different numbers of levels cannot be merged"
        case .unknownField(let name): "a merkle path has no field \"\(name)\""
        }
    }
}
