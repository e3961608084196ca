import HFCrypto

/// A transaction identifier: 32 bytes that are a hash256 output, kept in internal byte order.
///
/// A txid is `hash256(rawTransaction)`.
/// *Internal order* is the hash256 output as-is, which is how the hash appears inside binary structures
/// (outpoints, headers, BUMP, BEEF). *Display order* is the reverse, the 64-character hex that explorers, JSON APIs
/// and people show. `Codable` uses the display hex string. `description` is the display hex.
public struct Txid: Hashable, Sendable, Codable, CustomStringConvertible {
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

    /// The txid of a serialized transaction: `hash256(bytes)`, in internal order.
    public init(hashing bytes: [UInt8]) {
        storage = Hash.hash256(bytes)
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

    /// The 32 bytes in internal order: the hash256 output, as written in binary structures.
    public var internalBytes: [UInt8] { storage }

    /// The 64 lower-case hex digits in display order (the internal bytes reversed).
    public var displayHex: String { Hex.encode(storage.reversed()) }

    /// The display hex.
    public var description: String { displayHex }

    // MARK: - Methods

    /// Encodes as the display-order hex string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(displayHex)
    }
}
