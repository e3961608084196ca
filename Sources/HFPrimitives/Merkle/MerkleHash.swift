import HFCrypto

/// A node of a block's merkle tree: 32 bytes kept in internal byte order.
///
/// The leaves are txids, each parent is `hash256(left ‖ right)` of its two children in internal order, and the top
/// node is the merkle root written in the block header. As for `Txid` and `BlockHash`, *internal order* is the
/// hash256 output as-is (how the hash appears in headers, BUMP and TSC binary) and *display order* is the reverse
/// (JSON, explorers). `Codable` uses the display hex string. `description` is the display hex.
public struct MerkleHash: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The 32 bytes in internal order.
    private let storage: [UInt8]

    // MARK: - Initializers

    /// Wraps 32 bytes in internal order (as they appear in binary data).
    /// - Throws: `Hash32Error.wrongLength` unless `internalBytes` has 32 bytes.
    public init(internalBytes: [UInt8]) throws(Hash32Error) {
        storage = try Hash32.validated(internalBytes)
    }

    /// Parses 64 hex digits in display order (reversed relative to internal order); either case is accepted.
    /// - Throws: `Hash32Error.wrongHexLength` unless 64 characters, `.invalidHex` for a non-hex character.
    public init(displayHex: String) throws(Hash32Error) {
        storage = try Hash32.internalBytes(fromDisplayHex: displayHex)
    }

    /// The leaf for a transaction: the same 32 bytes as its txid.
    public init(_ txid: Txid) {
        storage = txid.internalBytes
    }

    /// The parent of two nodes: `hash256(left ‖ right)`, both in internal order.
    public init(left: MerkleHash, right: MerkleHash) {
        storage = Hash.hash256(left.storage + right.storage)
    }

    /// Decodes from a display-order hex string.
    /// - Throws: `DecodingError.dataCorrupted` for anything but 64 hex digits.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            storage = try Hash32.internalBytes(fromDisplayHex: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected 64 hex digits: \(error)")
        }
    }

    // MARK: - Properties

    /// The 32 bytes in internal order, as written in headers and binary proofs.
    public var internalBytes: [UInt8] { storage }

    /// The 64 lower-case hex digits in display order (the internal bytes reversed).
    public var displayHex: String { Hex.encode(storage.reversed()) }

    /// The display hex.
    public var description: String { displayHex }

    /// The same 32 bytes read as a txid (meaningful for a leaf, level 0 of the tree).
    public var txid: Txid {
        do {
            return try Txid(internalBytes: storage)
        } catch {
            preconditionFailure("a MerkleHash always holds 32 bytes")
        }
    }

    // MARK: - Methods

    /// Encodes as the display-order hex string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(displayHex)
    }
}
