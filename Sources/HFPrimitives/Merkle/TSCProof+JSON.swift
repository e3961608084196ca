// The JSON form of a TSC proof (docs/reference/bsv-protocols.md §3.3), through `Codable`.

extension TSCProof: Codable {
    /// The members a TSC proof object may have; any other is refused.
    static let jsonFields: Set<String> = ["index", "txOrId", "targetType", "target", "nodes", "proofType", "composite"]

    /// Decodes `{"index", "txOrId", "targetType"?, "target", "nodes", "proofType"?, "composite"?}`.
    ///
    /// `txOrId` is a txid (64 hex digits, display order) or a whole transaction (more than 64 hex digits).
    /// `targetType` is `"hash"` (the default), `"header"` (160 hex digits) or `"merkleRoot"` (the node RPC's
    /// `"merkleroot"` is accepted too); hashes are in display order. `nodes` are 64-digit display hashes or
    /// `"*"`. `proofType`, if present, must be `"branch"` and `composite`, if present, `false`. Hex may be upper
    /// or lower case.
    /// - Throws: `TSCProofError` for content faults (`.unknownField`, `.invalidTxOrId`, `.unsupportedTargetType`,
    ///   `.invalidTarget`, `.invalidNode`, `.unsupportedProofType`, `.unsupportedComposite`, `.tooManyNodes` and
    ///   the checks of `init(index:txOrId:target:nodes:)`); `DecodingError` for a missing member or a wrong JSON
    ///   type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONFieldKey.self)
        if let unknown = JSONFieldKey.firstUnknown(in: container, allowed: Self.jsonFields) {
            throw TSCProofError.unknownField(unknown)
        }
        if let proofType = try container.decodeIfPresent(String.self, forKey: JSONFieldKey("proofType")),
            proofType != "branch"
        {
            throw TSCProofError.unsupportedProofType(proofType)
        }
        if try container.decodeIfPresent(Bool.self, forKey: JSONFieldKey("composite")) == true {
            throw TSCProofError.unsupportedComposite
        }
        let index = try container.decode(UInt64.self, forKey: JSONFieldKey("index"))
        let txOrId = try Self.txOrId(fromJSON: container.decode(String.self, forKey: JSONFieldKey("txOrId")))
        let targetType = try container.decodeIfPresent(String.self, forKey: JSONFieldKey("targetType")) ?? "hash"
        guard ["hash", "header", "merkleRoot", "merkleroot"].contains(targetType) else {
            throw TSCProofError.unsupportedTargetType(targetType)
        }
        let target = try Self.target(
            type: targetType, text: container.decode(String.self, forKey: JSONFieldKey("target")))
        let texts = try container.decode([String].self, forKey: JSONFieldKey("nodes"))
        guard texts.count <= Self.maxNodeCount else { throw TSCProofError.tooManyNodes(texts.count) }
        var nodes: [Node] = []
        for (position, text) in texts.enumerated() {
            if text == "*" {
                nodes.append(.duplicate)
            } else {
                guard let hash = try? MerkleHash(displayHex: text) else {
                    throw TSCProofError.invalidNode(position: position)
                }
                nodes.append(.hash(hash))
            }
        }
        try self.init(index: index, txOrId: txOrId, target: target, nodes: nodes)
    }

    /// Encodes the JSON form: `targetType` is written only for header and merkle-root targets, `proofType` and
    /// `composite` never; hex is lower case.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONFieldKey.self)
        try container.encode(index, forKey: JSONFieldKey("index"))
        switch txOrId {
        case .txid(let txid): try container.encode(txid.displayHex, forKey: JSONFieldKey("txOrId"))
        case .transaction(let bytes): try container.encode(Hex.encode(bytes), forKey: JSONFieldKey("txOrId"))
        }
        switch target {
        case .blockHash(let hash):
            try container.encode(hash.displayHex, forKey: JSONFieldKey("target"))
        case .header(let header):
            try container.encode("header", forKey: JSONFieldKey("targetType"))
            try container.encode(Hex.encode(header.serialized), forKey: JSONFieldKey("target"))
        case .merkleRoot(let root):
            try container.encode("merkleRoot", forKey: JSONFieldKey("targetType"))
            try container.encode(root.displayHex, forKey: JSONFieldKey("target"))
        }
        let texts = nodes.map { node in
            switch node {
            case .hash(let hash): hash.displayHex
            case .duplicate: "*"
            }
        }
        try container.encode(texts, forKey: JSONFieldKey("nodes"))
    }

    /// `txOrId` text: 64 hex digits are a display-order txid, more are a serialized transaction.
    private static func txOrId(fromJSON text: String) throws(TSCProofError) -> TxOrId {
        let length = text.utf8.count
        if length == 64, let txid = try? Txid(displayHex: text) { return .txid(txid) }
        guard length > 64 else { throw .invalidTxOrId }
        guard length <= 2 * maxTransactionLength else { throw .invalidTransactionLength(length / 2) }
        guard let bytes = try? Hex.decode(text) else { throw .invalidTxOrId }
        return .transaction(bytes)
    }

    /// The target of a (supported) `targetType` from its text.
    private static func target(type: String, text: String) throws(TSCProofError) -> Target {
        switch type {
        case "header":
            guard text.utf8.count == 2 * BlockHeader.byteCount, let bytes = try? Hex.decode(text),
                let header = try? BlockHeader(bytes: bytes)
            else { throw .invalidTarget }
            return .header(header)
        case "hash":
            guard let hash = try? BlockHash(displayHex: text) else { throw .invalidTarget }
            return .blockHash(hash)
        default:
            guard let root = try? MerkleHash(displayHex: text) else { throw .invalidTarget }
            return .merkleRoot(root)
        }
    }
}
