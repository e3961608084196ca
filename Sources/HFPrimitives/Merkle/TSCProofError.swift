/// Why a TSC merkle proof was refused, in its binary or JSON form or when its root was computed.
public enum TSCProofError: Error, Equatable, Sendable {
    /// The binary form ends early, has a non-canonical VarInt, or continues after the last node.
    case malformed(ByteReaderError)
    /// The binary flags byte has bits above bit 4 set.
    case unknownFlags(UInt8)
    /// The proof type is not "branch" (the "tree" type is unsupported everywhere).
    case unsupportedProofType(String)
    /// The proof is composite (several transactions), which is unsupported everywhere.
    case unsupportedComposite
    /// The target type is none of hash, header, merkle root (BRC-11's "height" is refused too).
    case unsupportedTargetType(String)
    /// A binary node has this type byte instead of 0 (hash) or 1 (`"*"`); type 2 is for composite proofs.
    case invalidNodeType(UInt8)
    /// More than 64 nodes.
    case tooManyNodes(Int)
    /// The index does not fit in a tree of `levels` levels (it must be below 2^levels).
    case indexOutOfRange(index: UInt64, levels: Int)
    /// A `"*"` node at a level where the working node is a right child (odd position), where no duplicate exists.
    case duplicateNotAllowed(level: Int)
    /// A full transaction of this many bytes; it must be longer than 32 bytes and at most 32 MiB.
    case invalidTransactionLength(Int)
    /// JSON `txOrId` is neither a 64-digit txid nor the hex of a transaction.
    case invalidTxOrId
    /// JSON `target` does not fit its `targetType` (64 hex digits for a hash or root, 160 for a header).
    case invalidTarget
    /// The JSON node at `position` is neither `"*"` nor a 64-digit hash.
    case invalidNode(position: Int)
    /// The JSON object has a member that the TSC format does not define.
    case unknownField(String)
    /// The txid given to `computeRoot(txid:)` or `verify(txid:header:)` is not the proof's own.
    case txidMismatch
    /// At `level` the working node is a right child and its left sibling equals it: the CVE-2012-2459 pattern
    /// of a duplicated subtree.
    case siblingEqualsWorkingHash(level: Int)
    /// At `level` the working node has a real sibling on its right although a lower level was duplicated, which
    /// only the last node of a level can be.
    case rightSiblingAfterDuplicate(level: Int)
    /// The computed root is not the header's merkle root.
    case rootMismatch
    /// The proof's target (block hash, header or merkle root) does not name the header it was checked against.
    case targetMismatch
}

extension TSCProofError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .malformed(let reason): "the binary TSC proof is malformed: \(reason)"
        case .unknownFlags(let flags): "the TSC proof flags 0x\(String(flags, radix: 16)) set unknown bits"
        case .unsupportedProofType(let type): "TSC proof type \"\(type)\" is not supported; only \"branch\" is"
        case .unsupportedComposite: "composite TSC proofs are not supported"
        case .unsupportedTargetType(let type):
            "TSC target type \"\(type)\" is not supported; use hash, header or merkleRoot"
        case .invalidNodeType(let type): "TSC proof node type \(type) is not 0 (hash) or 1 (\"*\")"
        case .tooManyNodes(let count): "a TSC proof has at most 64 nodes, not \(count)"
        case .indexOutOfRange(let index, let levels): "index \(index) does not fit a merkle tree of \(levels) levels"
        case .duplicateNotAllowed(let level):
            "a \"*\" node at level \(level) stands where the working node is a right child"
        case .invalidTransactionLength(let count):
            "a full transaction in a TSC proof is 33 bytes to 32 MiB, not \(count) bytes"
        case .invalidTxOrId: "txOrId is neither a 64-digit txid nor a transaction in hex"
        case .invalidTarget: "the TSC proof target does not match its target type"
        case .invalidNode(let position): "TSC proof node \(position) is neither \"*\" nor a 64-digit hash"
        case .unknownField(let name): "a TSC proof has no field \"\(name)\""
        case .txidMismatch: "the txid is not the one the TSC proof is about"
        case .siblingEqualsWorkingHash(let level):
            "at level \(level) the left sibling equals the working hash: a duplicated subtree (CVE-2012-2459)"
        case .rightSiblingAfterDuplicate(let level):
            "at level \(level) a right sibling follows a duplicated level, which cannot happen in a real tree"
        case .rootMismatch: "the merkle root computed from the TSC proof is not the header's merkle root"
        case .targetMismatch: "the TSC proof's target does not name the header it was checked against"
        }
    }
}
