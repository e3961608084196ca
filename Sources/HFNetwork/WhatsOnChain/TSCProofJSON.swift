import HFPrimitives

/// A TSC proof object as WhatsOnChain sends it (docs/reference/bsv-protocols.md §3.3): `index`, `txOrId`, `target`, `nodes`, and
/// optionally `targetType`. Other members are ignored.
struct TSCProofJSON: Decodable {
    /// Why the JSON does not make a proof.
    struct Invalid: Error, CustomStringConvertible {
        /// What is wrong.
        let description: String
    }

    /// The transaction's index in the block.
    let index: UInt64
    /// The txid (64 hex digits) or the whole transaction.
    let txOrId: String
    /// The target: a block hash unless `targetType` says otherwise.
    let target: String
    /// `hash` (the default), `header`, `merkleRoot` or `merkleroot`.
    let targetType: String?
    /// Display-order hashes, or `"*"`.
    let nodes: [String]

    /// Whether `txOrId` names `txid` (as the txid, or as a transaction hashing to it).
    func isAbout(_ txid: Txid) -> Bool {
        if txOrId.utf8.count == 64 { return (try? Txid(displayHex: txOrId)) == txid }
        guard let bytes = try? Hex.decode(txOrId) else { return false }
        return Txid(hashing: bytes) == txid
    }

    /// The proof, with a level-0 node equal to `txid` turned into `.duplicate`.
    /// - Throws: `Invalid` or `TSCProofError`.
    func proof(txid: Txid) throws -> TSCProof {
        let working = MerkleHash(txid)
        var converted: [TSCProof.Node] = []
        for (level, text) in nodes.enumerated() {
            if text == "*" {
                converted.append(.duplicate)
                continue
            }
            guard let hash = try? MerkleHash(displayHex: text) else {
                throw Invalid(description: "node \(level) is neither \"*\" nor a 64-digit hash")
            }
            converted.append(level == 0 && hash == working ? .duplicate : .hash(hash))
        }
        let transaction: TSCProof.TxOrId =
            txOrId.utf8.count == 64 ? .txid(txid) : .transaction((try? Hex.decode(txOrId)) ?? [])
        return try TSCProof(index: index, txOrId: transaction, target: try proofTarget(), nodes: converted)
    }

    /// The target as its type says.
    private func proofTarget() throws -> TSCProof.Target {
        switch targetType ?? "hash" {
        case "hash":
            guard let hash = try? BlockHash(displayHex: target) else { throw Invalid(description: "bad target") }
            return .blockHash(hash)
        case "header":
            guard let bytes = try? Hex.decode(target), let header = try? BlockHeader(bytes: bytes) else {
                throw Invalid(description: "bad header target")
            }
            return .header(header)
        case "merkleRoot", "merkleroot":
            guard let root = try? MerkleHash(displayHex: target) else { throw Invalid(description: "bad target") }
            return .merkleRoot(root)
        case let other:
            throw Invalid(description: "target type \"\(other)\" is not supported")
        }
    }
}
