/// A TSC merkle proof (BRC-10, "merkle proof standardised format"): one transaction's path to its block's root.
///
/// `nodes` lists the sibling of the working hash at each level, bottom up; `.duplicate` (JSON `"*"`) stands for a
/// copy of the working hash, the last node of an odd-length level paired with itself. Only the "branch" proof type
/// with a single transaction is supported (tree and composite proofs are unsupported everywhere), and only the
/// block-hash, header and merkle-root targets (BRC-11's height target is refused).
///
/// The initializers check the structure: at most 64 nodes, `index < 2^nodes.count`, `"*"` only where the working
/// node is a left child, and a full transaction longer than 32 bytes. `computeRoot(txid:)` adds the checks that
/// need the hashes, including the CVE-2012-2459 guard. A root, hash or header carried in the proof proves nothing
/// by itself: compare the result with a header from a trusted chain (`verify(txid:header:)`).
public struct TSCProof: Hashable, Sendable {
    /// The transaction a proof is about: its txid, or the whole serialized transaction.
    public enum TxOrId: Hashable, Sendable {
        /// The txid only.
        case txid(Txid)
        /// The serialized transaction (33 bytes to `TSCProof.maxTransactionLength`); its txid is its hash256.
        case transaction([UInt8])

        /// The txid: as given, or `hash256` of the transaction.
        public var txid: Txid {
            switch self {
            case .txid(let txid): txid
            case .transaction(let bytes): Txid(hashing: bytes)
            }
        }
    }

    /// What the proof's root is to be compared with.
    public enum Target: Hashable, Sendable {
        /// The block hash (JSON `targetType` `"hash"`, the default; what WhatsOnChain returns).
        case blockHash(BlockHash)
        /// The whole 80-byte header (`"header"`).
        case header(BlockHeader)
        /// The merkle root itself (`"merkleRoot"`).
        case merkleRoot(MerkleHash)
    }

    /// One level's sibling.
    public enum Node: Hashable, Sendable {
        /// The sibling's hash.
        case hash(MerkleHash)
        /// A copy of the working hash (JSON `"*"`): the working node is the last of an odd-length level.
        case duplicate
    }

    /// The transaction's position in the block (0 = coinbase).
    public let index: UInt64
    /// The transaction or its txid.
    public let txOrId: TxOrId
    /// What the root is compared with.
    public let target: Target
    /// The siblings, level 0 (next to the transaction) first.
    public let nodes: [Node]

    /// The most nodes a proof may have: a 64-bit index cannot address a deeper tree.
    public static let maxNodeCount = 64

    /// The longest full transaction accepted in `txOrId`: 32 MiB, as for bundles (docs/design.md §4).
    public static let maxTransactionLength = 32 * 1024 * 1024

    // MARK: - Initializers

    /// A proof from its parts, with the structural checks described on the type.
    /// - Throws: `TSCProofError.tooManyNodes`, `.indexOutOfRange`, `.duplicateNotAllowed` or
    ///   `.invalidTransactionLength`.
    public init(index: UInt64, txOrId: TxOrId, target: Target, nodes: [Node]) throws(TSCProofError) {
        guard nodes.count <= Self.maxNodeCount else { throw .tooManyNodes(nodes.count) }
        guard index >> UInt64(nodes.count) == 0 else {
            throw .indexOutOfRange(index: index, levels: nodes.count)
        }
        for (level, node) in nodes.enumerated() where node == .duplicate && (index >> UInt64(level)) & 1 == 1 {
            throw .duplicateNotAllowed(level: level)
        }
        if case .transaction(let bytes) = txOrId, bytes.count <= 32 || bytes.count > Self.maxTransactionLength {
            throw .invalidTransactionLength(bytes.count)
        }
        self.init(unchecked: index, txOrId: txOrId, target: target, nodes: nodes)
    }

    /// A proof whose parts are already known to be consistent.
    init(unchecked index: UInt64, txOrId: TxOrId, target: Target, nodes: [Node]) {
        self.index = index
        self.txOrId = txOrId
        self.target = target
        self.nodes = nodes
    }

    // MARK: - Properties

    /// The txid the proof is about.
    public var txid: Txid { txOrId.txid }

    // MARK: - Methods

    /// The merkle root that `txid` and the nodes give.
    ///
    /// At each level the index's low bit says which side the working hash is on (odd: the sibling is on the left).
    /// A sibling hash equal to the working hash is accepted only where the working node is a left child, where it
    /// is a forced duplicate written in full (as WhatsOnChain may do); on the right it is the CVE-2012-2459 pattern
    /// of a duplicated subtree and is refused. Once a level has been duplicated, the working node is the last of
    /// every level above, so no later level may have a real sibling on its right.
    /// - Parameter txid: the transaction's txid; it must be the proof's own `txid`.
    /// - Throws: `TSCProofError.txidMismatch`, `.siblingEqualsWorkingHash` or `.rightSiblingAfterDuplicate`.
    public func computeRoot(txid: Txid) throws(TSCProofError) -> MerkleHash {
        guard txid == self.txid else { throw .txidMismatch }
        var working = MerkleHash(txid)
        var position = index
        var duplicated = false
        for (level, node) in nodes.enumerated() {
            let isLeft = position & 1 == 0
            switch node {
            case .duplicate:
                working = MerkleHash(left: working, right: working)
                duplicated = true
            case .hash(let sibling) where sibling == working:
                guard isLeft else { throw .siblingEqualsWorkingHash(level: level) }
                working = MerkleHash(left: working, right: working)
                duplicated = true
            case .hash(let sibling):
                if isLeft {
                    guard !duplicated else { throw .rightSiblingAfterDuplicate(level: level) }
                    working = MerkleHash(left: working, right: sibling)
                } else {
                    working = MerkleHash(left: sibling, right: working)
                }
            }
            position >>= 1
        }
        return working
    }

    /// The merkle root of the proof's own transaction (`computeRoot(txid: txid)`).
    /// - Throws: as `computeRoot(txid:)`.
    public func computeRoot() throws(TSCProofError) -> MerkleHash {
        try computeRoot(txid: txid)
    }

    /// Checks that `txid` is in the block of `header`: the proof's root equals the header's merkle root and the
    /// proof's target names that header. `header` must come from a trusted chain.
    /// - Throws: as `computeRoot(txid:)`, then `TSCProofError.rootMismatch` or `.targetMismatch`.
    public func verify(txid: Txid, header: BlockHeader) throws(TSCProofError) {
        guard try computeRoot(txid: txid) == header.merkleRoot else { throw .rootMismatch }
        let matches =
            switch target {
            case .blockHash(let hash): hash == header.hash
            case .header(let other): other == header
            case .merkleRoot(let root): root == header.merkleRoot
            }
        guard matches else { throw .targetMismatch }
    }
}
