public import HFPrimitives

extension WhatsOnChainClient {
    /// The serialized transaction `txid` (`GET /tx/{txid}/hex`, plain-text hex), or nil if the service does not
    /// have it (404, or an empty body; a transaction still in the mempool may not be available yet).
    /// - Throws: `NetworkError`; `.malformedResponse` if the body is not hex or does not hash to `txid`.
    public func rawTransaction(_ txid: Txid) async throws(NetworkError) -> [UInt8]? {
        let reader = try await get(
            ["tx", txid.displayHex, "hex"], headers: ["Accept": "text/plain", "Cache-Control": "no-cache"],
            maxResponseBytes: 2 * Self.maxTransactionBytes + 64)
        if reader.status == 404 { return nil }
        guard reader.status == 200 else { throw reader.unexpectedStatus() }
        let text = try reader.text()
        guard !text.isEmpty else { return nil }
        guard let bytes = try? Hex.decode(text) else { throw reader.malformed("the body is not hex") }
        guard Txid(hashing: bytes) == txid else {
            throw reader.malformed("the transaction returned does not hash to \(txid)")
        }
        return bytes
    }

    /// The TSC merkle proof of `txid` (`GET /tx/{txid}/proof/tsc`), or nil if there is none yet: 404 (unknown or
    /// not mined), or 200 with an empty body, `[]` or `null` (known but not mined).
    ///
    /// The reply is an array of proof objects (a bare object is accepted too); the one about `txid` is used. Nodes
    /// written in full are kept as hashes, except that a level-0 node equal to the txid itself becomes `.duplicate`
    /// (WhatsOnChain writes duplicates in full, not as `"*"`). The proof is checked structurally and its root is
    /// computed once (which applies the CVE-2012-2459 guard); it still has to be verified against a trusted header.
    /// - Throws: `NetworkError`; `.malformedResponse` for a proof that fails those checks.
    public func merkleProof(_ txid: Txid) async throws(NetworkError) -> TSCProof? {
        let reader = try await get(["tx", txid.displayHex, "proof", "tsc"])
        if reader.status == 404 { return nil }
        guard reader.status == 200 else { throw reader.unexpectedStatus() }
        guard !reader.bodyIsBlank, try reader.text() != "null" else { return nil }
        let candidates =
            reader.bodyIsArray ? try reader.json([TSCProofJSON].self) : [try reader.json(TSCProofJSON.self)]
        guard !candidates.isEmpty else { return nil }
        guard let chosen = candidates.first(where: { $0.isAbout(txid) }) else {
            throw reader.malformed("no proof in the reply is about \(txid)")
        }
        do {
            let proof = try chosen.proof(txid: txid)
            _ = try proof.computeRoot()
            return proof
        } catch {
            throw reader.malformed("the TSC proof is invalid: \(error)")
        }
    }
}
