/// Why a `MerkleTree` could not be built, or a proof could not be cut from it.
public enum MerkleTreeError: Error, Equatable, Sendable {
    /// A block has at least one transaction.
    case empty
    /// At `level`, the nodes at `position` and `position + 1` are equal: the list is mutated (CVE-2012-2459), as
    /// Bitcoin Core's `ComputeMerkleRoot` reports.
    case mutated(level: Int, position: Int)
    /// No transaction index was given.
    case noIndices
    /// The index is not a transaction of the block.
    case indexOutOfRange(Int)
}

extension MerkleTreeError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .empty: "a merkle tree needs at least one txid"
        case .mutated(let level, let position):
            "nodes \(position) and \(position + 1) at level \(level) are equal: a mutated txid list (CVE-2012-2459)"
        case .noIndices: "a merkle path needs at least one transaction index"
        case .indexOutOfRange(let index): "index \(index) is not a transaction of the block"
        }
    }
}
