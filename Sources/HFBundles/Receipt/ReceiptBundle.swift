public import HFPrimitives

/// A `.hfreceipt` bundle: proof that one transaction is in a block (docs/design.md §4).
///
/// What this type checks on its own, in this order: `hash256(rawTx) == txid`, `hash256(header) == blockHash`, the
/// proof's target is `blockHash`, the proof's `txOrId` is `txid`, and the proof's structure (`TSCProof`'s checks).
/// It does **not** compute the merkle root or look at any chain: the import's SPV step does that (root against the
/// header with the duplicate-node guard, then the header against the signer's own chain at `blockHeight`), because
/// a header carried inside the receipt proves nothing by itself.
public struct ReceiptBundle: Hashable, Sendable {
    /// The network.
    public let network: Network
    /// The transaction's id, `hash256(rawTx)`.
    public let txid: Txid
    /// The serialized transaction, 1 byte to 32 MiB.
    public let rawTx: [UInt8]
    /// The height of the block, as the watcher saw it (checked against the signer's chain at import).
    public let blockHeight: UInt32
    /// The block's hash, `hash256(header)`.
    public let blockHash: BlockHash
    /// The block's header.
    public let header: BlockHeader
    /// The TSC merkle proof; always with `txOrId` `.txid(txid)` and target `.blockHash(blockHash)`.
    public let merkleProof: TSCProof

    // MARK: - Initializers

    /// A receipt for `rawTx` in the block of `header`; the txid and block hash are computed.
    ///
    /// The proof may name the block by hash, header or merkle root and carry the txid or the whole transaction; it
    /// is stored in the bundle's form (txid, block-hash target).
    /// - Throws: `BundleError.overLimit`/`.emptyValue` (path `rawTx`), `.proofTxidMismatch` when the proof is about
    ///   another transaction, `.proofTargetMismatch` when it names another block.
    public init(
        network: Network, rawTx: [UInt8], blockHeight: UInt32, header: BlockHeader, merkleProof: TSCProof
    ) throws(BundleError) {
        let txid = Txid(hashing: rawTx)
        let names: Bool =
            switch merkleProof.target {
            case .blockHash(let hash): hash == header.hash
            case .header(let other): other == header
            case .merkleRoot(let root): root == header.merkleRoot
            }
        guard merkleProof.txid == txid else { throw .proofTxidMismatch }
        guard names else { throw .proofTargetMismatch }
        let proof: TSCProof
        do {
            proof = try TSCProof(
                index: merkleProof.index, txOrId: .txid(txid), target: .blockHash(header.hash),
                nodes: merkleProof.nodes)
        } catch {
            throw .invalidMerkleProof(path: "merkleProof", reason: error.description)
        }
        try self.init(
            network: network, txid: txid, rawTx: rawTx, blockHeight: blockHeight, blockHash: header.hash,
            header: header, merkleProof: proof)
    }

    /// A receipt from all its parts, with the bundle-level checks.
    init(
        network: Network, txid: Txid, rawTx: [UInt8], blockHeight: UInt32, blockHash: BlockHash,
        header: BlockHeader, merkleProof: TSCProof
    ) throws(BundleError) {
        guard rawTx.count <= BundleLimits.maxRawTransactionBytes else {
            throw .overLimit(path: "rawTx", limit: BundleLimits.maxRawTransactionBytes)
        }
        guard !rawTx.isEmpty else { throw .emptyValue(path: "rawTx") }
        guard Txid(hashing: rawTx) == txid else { throw .txidMismatch }
        guard header.hash == blockHash else { throw .blockHashMismatch }
        guard merkleProof.target == .blockHash(blockHash) else { throw .proofTargetMismatch }
        guard merkleProof.txOrId == .txid(txid) else { throw .proofTxidMismatch }
        self.network = network
        self.txid = txid
        self.rawTx = rawTx
        self.blockHeight = blockHeight
        self.blockHash = blockHash
        self.header = header
        self.merkleProof = merkleProof
    }
}
