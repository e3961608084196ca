/// A distinct 32-byte hash type over one inline `Hash32` in internal byte order: `Txid`, `BlockHash`, `MerkleHash`.
///
/// *Internal order* is the hash256 output as-is, which is how the hash appears inside binary structures (outpoints,
/// headers, BUMP, BEEF). *Display order* is the reverse, the 64-character hex that explorers, JSON APIs and people
/// show. `Codable` uses the display hex string; `description` is the display hex. Equality and hashing are those of
/// the stored `Hash32`, so values of two conforming types never compare with each other.
public protocol Hash32Backed: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The 32 bytes, in internal order.
    var hash32: Hash32 { get }

    /// Wraps 32 bytes already in internal order: no check, no allocation.
    init(hash32: Hash32)
}

extension Hash32Backed {
    /// Wraps 32 bytes in internal order (as they appear in binary data).
    /// - Throws: `Hash32Error.wrongLength` unless `internalBytes` has 32 bytes.
    public init(internalBytes: [UInt8]) throws(Hash32Error) {
        self.init(hash32: try Hash32(bytes: internalBytes))
    }

    /// Parses 64 hex digits in display order (reversed relative to internal order); either case is accepted.
    /// - Throws: `Hash32Error.wrongHexLength` unless 64 characters, `.invalidHex` for a non-hex character.
    public init(displayHex: String) throws(Hash32Error) {
        self.init(hash32: try Hash32(displayHex: displayHex))
    }

    /// Decodes from a display-order hex string.
    /// - Throws: `DecodingError.dataCorrupted` for anything but 64 hex digits.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self.init(hash32: try Hash32(displayHex: text))
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected 64 hex digits: \(error)")
        }
    }

    /// The 32 bytes in internal order, as a new array (binary structures; `hash32` lends them without copying).
    public var internalBytes: [UInt8] { hash32.bytes }

    /// The 64 lower-case hex digits in display order (the internal bytes reversed).
    public var displayHex: String { hash32.displayHex }

    /// The display hex.
    public var description: String { hash32.displayHex }

    /// Encodes as the display-order hex string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(displayHex)
    }
}
