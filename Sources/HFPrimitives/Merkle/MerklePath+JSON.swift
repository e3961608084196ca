// The JSON form of a BRC-74 merkle path, through `Codable`.

extension MerklePath: Codable {
    /// Decodes `{"blockHeight": N, "path": [[{"offset", "hash"?, "txid"?, "duplicate"?}, …], …]}`.
    ///
    /// `path[i]` is level i; hashes are 64 hex digits in display order. A leaf has a `hash` unless
    /// `"duplicate": true`; `txid` and `duplicate` may be absent or `false`. (The reference writes flag 0x02
    /// whenever a `txid` key is present, even `false`; here `false` means false.) No other members are accepted.
    /// - Throws: `MerklePathError.unknownField`, `.invalidLeaf` and as `init(blockHeight:levels:)`;
    ///   `DecodingError` for a missing member or a wrong JSON type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONFieldKey.self)
        if let unknown = JSONFieldKey.firstUnknown(in: container, allowed: ["blockHeight", "path"]) {
            throw MerklePathError.unknownField(unknown)
        }
        let blockHeight = try container.decode(UInt32.self, forKey: JSONFieldKey("blockHeight"))
        let path = try container.decode([[JSONLeaf]].self, forKey: JSONFieldKey("path"))
        guard path.count <= Self.maxLevelCount else { throw MerklePathError.tooManyLevels(path.count) }
        let levels = try path.enumerated().map { level, leaves in
            try leaves.map { leaf throws(MerklePathError) in try leaf.leaf(level: level) }
        }
        try self.init(blockHeight: blockHeight, levels: levels)
    }

    /// Encodes the JSON form, leaving out `txid` and `duplicate` when false.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONFieldKey.self)
        try container.encode(blockHeight, forKey: JSONFieldKey("blockHeight"))
        let path = levels.map { level in
            level.map { leaf in
                JSONLeaf(
                    offset: leaf.offset, hash: leaf.hash?.displayHex, txid: leaf.isTxid ? true : nil,
                    duplicate: leaf.isDuplicate ? true : nil)
            }
        }
        try container.encode(path, forKey: JSONFieldKey("path"))
    }
}

/// One JSON leaf as written, before its checks.
private struct JSONLeaf: Codable {
    /// The members a leaf may have.
    static let fields: Set<String> = ["offset", "hash", "txid", "duplicate"]

    let offset: UInt64
    let hash: String?
    let txid: Bool?
    let duplicate: Bool?

    init(offset: UInt64, hash: String?, txid: Bool?, duplicate: Bool?) {
        self.offset = offset
        self.hash = hash
        self.txid = txid
        self.duplicate = duplicate
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONFieldKey.self)
        if let unknown = JSONFieldKey.firstUnknown(in: container, allowed: Self.fields) {
            throw MerklePathError.unknownField(unknown)
        }
        offset = try container.decode(UInt64.self, forKey: JSONFieldKey("offset"))
        hash = try container.decodeIfPresent(String.self, forKey: JSONFieldKey("hash"))
        txid = try container.decodeIfPresent(Bool.self, forKey: JSONFieldKey("txid"))
        duplicate = try container.decodeIfPresent(Bool.self, forKey: JSONFieldKey("duplicate"))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONFieldKey.self)
        try container.encode(offset, forKey: JSONFieldKey("offset"))
        try container.encodeIfPresent(hash, forKey: JSONFieldKey("hash"))
        try container.encodeIfPresent(txid, forKey: JSONFieldKey("txid"))
        try container.encodeIfPresent(duplicate, forKey: JSONFieldKey("duplicate"))
    }

    /// The checked leaf.
    func leaf(level: Int) throws(MerklePathError) -> MerklePath.Leaf {
        if duplicate == true {
            guard hash == nil, txid != true else { throw .invalidLeaf(level: level, offset: offset) }
            return .duplicate(offset: offset)
        }
        guard let hash, let value = try? MerkleHash(displayHex: hash) else {
            throw .invalidLeaf(level: level, offset: offset)
        }
        return MerklePath.Leaf(offset: offset, hash: value, isTxid: txid == true)
    }
}
