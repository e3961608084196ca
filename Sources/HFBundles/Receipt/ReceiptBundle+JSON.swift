public import HFPrimitives

extension ReceiptBundle {
    /// Decodes and validates a `.hfreceipt` file.
    ///
    /// `merkleProof` has exactly the members `index`, `txOrId` (the txid, 64 hex digits), `target` (the block
    /// hash), `nodes` (64 hex digits or `"*"`, at most 64) and optionally `targetType`, which must then be `"hash"`.
    /// Other TSC members (`proofType`, `composite`) are unknown fields here.
    /// - Parameters:
    ///   - bytes: the file's bytes (at most 64 MiB).
    ///   - expectedNetwork: the network in use; nil accepts any.
    /// - Throws: `BundleError` for the first fault: JSON, envelope, fields (missing, unknown, types, hex, sizes),
    ///   `.invalidMerkleProof`, then `.txidMismatch`, `.blockHashMismatch`, `.proofTargetMismatch`,
    ///   `.proofTxidMismatch`.
    public init(decoding bytes: [UInt8], expectedNetwork: Network?) throws(BundleError) {
        try self.init(reader: try BundleEnvelope.topLevel(bytes), expectedNetwork: expectedNetwork)
    }

    /// Decodes a receipt object read from any position (a file's top level, or inside a backup document).
    init(reader object: JSONObjectReader, expectedNetwork: Network?) throws(BundleError) {
        var reader = object
        try reader.readFormat(.receipt)
        let network = try reader.readNetwork(expected: expectedNetwork)
        let txid = try reader.field("txid").txid()
        let rawTxField = try reader.field("rawTx")
        let rawTx = try rawTxField.hexBytes(maxBytes: BundleLimits.maxRawTransactionBytes)
        guard !rawTx.isEmpty else { throw .emptyValue(path: rawTxField.path.text) }
        let blockHeight = try reader.field("blockHeight").integer(in: 0...UInt32.max)
        let blockHash = try reader.field("blockHash").blockHash()
        let headerField = try reader.field("header")
        let headerBytes = try headerField.hexBytes(count: BlockHeader.byteCount)
        let header: BlockHeader
        do {
            header = try BlockHeader(bytes: headerBytes)
        } catch {
            throw .wrongLength(path: headerField.path.text, expected: BlockHeader.byteCount, actual: headerBytes.count)
        }
        let merkleProof = try Self.merkleProof(try reader.field("merkleProof"))
        try reader.finish()
        try self.init(
            network: network, txid: txid, rawTx: rawTx, blockHeight: blockHeight, blockHash: blockHash,
            header: header, merkleProof: merkleProof)
    }

    /// The canonical JSON bytes (sorted keys, no whitespace, lower-case hex, no trailing newline; the proof without
    /// `targetType`).
    public func encoded() -> [UInt8] {
        jsonValue.canonicalBytes
    }

    /// The receipt as a JSON value.
    var jsonValue: JSONValue {
        var members = BundleEnvelope.members(.receipt, network: network)
        members["txid"] = .string(txid.displayHex)
        members["rawTx"] = .string(rawTx.hex)
        members["blockHeight"] = .integer(UInt64(blockHeight))
        members["blockHash"] = .string(blockHash.displayHex)
        members["header"] = .string(header.serialized.hex)
        let nodes: [JSONValue] = merkleProof.nodes.map { node in
            switch node {
            case .hash(let hash): .string(hash.displayHex)
            case .duplicate: .string("*")
            }
        }
        members["merkleProof"] = .object([
            "index": .integer(merkleProof.index), "txOrId": .string(txid.displayHex),
            "target": .string(blockHash.displayHex), "nodes": .array(nodes),
        ])
        return .object(members)
    }

    /// Reads the `merkleProof` object (TSC shape, block-hash target, txid).
    private static func merkleProof(_ field: JSONField) throws(BundleError) -> TSCProof {
        var reader = try field.object()
        let index = try reader.field("index").integer(in: 0...UInt64(Int64.max))
        let txid = try reader.field("txOrId").txid()
        if let targetType = reader.optionalField("targetType"), try targetType.string() != "hash" {
            throw .invalidValue(path: targetType.path.text, allowed: ["hash"])
        }
        let target = try reader.field("target").blockHash()
        var nodes: [TSCProof.Node] = []
        for nodeField in try reader.field("nodes").array(count: BundleLimits.merkleProofNodeCount) {
            if case .string("*") = nodeField.value {
                nodes.append(.duplicate)
            } else {
                let bytes = try nodeField.hexBytes(count: 32)
                do {
                    nodes.append(.hash(try MerkleHash(internalBytes: bytes.reversed())))
                } catch {
                    throw .wrongLength(path: nodeField.path.text, expected: 32, actual: bytes.count)
                }
            }
        }
        try reader.finish()
        do {
            return try TSCProof(index: index, txOrId: .txid(txid), target: .blockHash(target), nodes: nodes)
        } catch {
            throw .invalidMerkleProof(path: field.path.text, reason: error.description)
        }
    }
}
