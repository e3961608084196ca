import HFPrimitives

/// The header fields of a WhatsOnChain or JungleBus block-header object, decoded and range-checked.
///
/// `version` is a decimal integer (signed or unsigned 32-bit), `bits` 8 hex digits (a decimal number is accepted
/// too, as WhatsOnChain's websocket sends), `merkleroot`, `hash` and `previousblockhash` display-order hex; a
/// missing or empty `previousblockhash` is nil. Other members are ignored.
struct HeaderFieldsJSON: Decodable {
    /// The block hash the service named.
    let hash: BlockHash
    /// The height the service reported.
    let height: Int
    /// The block version.
    let version: Int32
    /// The merkle root.
    let merkleRoot: MerkleHash
    /// The timestamp.
    let time: UInt32
    /// The compact target.
    let bits: UInt32
    /// The nonce.
    let nonce: UInt32
    /// The previous block's hash, if given.
    let previousBlockHash: BlockHash?

    /// The JSON member names.
    private enum CodingKeys: String, CodingKey {
        case hash, height, version, merkleroot, time, bits, nonce, previousblockhash
    }

    /// Decodes and range-checks the fields.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        hash = try FieldDecoding.blockHash(container, .hash)
        height = try FieldDecoding.height(container, .height)
        version = Int32(
            truncatingIfNeeded: try FieldDecoding.integer(
                container, .version, in: Int64(Int32.min)...Int64(UInt32.max)))
        let root = try container.decode(String.self, forKey: .merkleroot)
        guard let merkleRoot = try? MerkleHash(displayHex: root) else {
            throw DecodingError.dataCorruptedError(
                forKey: .merkleroot, in: container, debugDescription: "not a 64-digit hash")
        }
        self.merkleRoot = merkleRoot
        time = UInt32(try FieldDecoding.integer(container, .time, in: 0...Int64(UInt32.max)))
        nonce = UInt32(try FieldDecoding.integer(container, .nonce, in: 0...Int64(UInt32.max)))
        bits = try Self.bits(container)
        previousBlockHash = try FieldDecoding.optionalBlockHash(container, .previousblockhash)
    }

    /// The header built with `previous` as its previous-block hash, if it hashes to `hash`; else nil.
    func record(previous: BlockHash) -> BlockHeaderRecord? {
        let header = BlockHeader(
            version: version, previousBlockHash: previous, merkleRoot: merkleRoot, time: time, bits: bits,
            nonce: nonce)
        return header.hash == hash ? BlockHeaderRecord(height: height, header: header) : nil
    }

    /// The header built with its own `previousblockhash` (all zeros when absent, as for genesis), if it hashes to
    /// `hash`; else nil.
    func record() -> BlockHeaderRecord? {
        guard let previous = previousBlockHash ?? Self.zeroHash else { return nil }
        return record(previous: previous)
    }

    /// The all-zero hash, the previous-block hash of a genesis block.
    private static let zeroHash = try? BlockHash(internalBytes: [UInt8](repeating: 0, count: 32))

    /// `bits` from 8 hex digits or a decimal number.
    private static func bits(_ container: KeyedDecodingContainer<CodingKeys>) throws -> UInt32 {
        if let text = try? container.decode(String.self, forKey: .bits) {
            guard text.utf8.count == 8, let bytes = try? Hex.decode(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .bits, in: container, debugDescription: "not 8 hex digits")
            }
            return bytes.reduce(0) { $0 << 8 | UInt32($1) }
        }
        return UInt32(try FieldDecoding.integer(container, .bits, in: 0...Int64(UInt32.max)))
    }
}
