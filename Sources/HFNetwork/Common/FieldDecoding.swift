import HFPrimitives

/// Conversions of JSON field text into checked values, throwing `DecodingError.dataCorrupted` at the field so that
/// `ResponseReader` names it.
enum FieldDecoding {
    /// A txid from 64 display-order hex digits.
    static func txid<K: CodingKey>(
        _ container: KeyedDecodingContainer<K>, _ key: K
    ) throws -> Txid {
        let text = try container.decode(String.self, forKey: key)
        guard let txid = try? Txid(displayHex: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not a txid")
        }
        return txid
    }

    /// A block hash from 64 display-order hex digits.
    static func blockHash<K: CodingKey>(
        _ container: KeyedDecodingContainer<K>, _ key: K
    ) throws -> BlockHash {
        let text = try container.decode(String.self, forKey: key)
        guard let hash = try? BlockHash(displayHex: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not a block hash")
        }
        return hash
    }

    /// An optional block hash: absent, null or `""` give nil.
    static func optionalBlockHash<K: CodingKey>(
        _ container: KeyedDecodingContainer<K>, _ key: K
    ) throws -> BlockHash? {
        guard let text = try container.decodeIfPresent(String.self, forKey: key), !text.isEmpty else { return nil }
        guard let hash = try? BlockHash(displayHex: text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not a block hash")
        }
        return hash
    }

    /// An integer in `range`.
    static func integer<K: CodingKey>(
        _ container: KeyedDecodingContainer<K>, _ key: K, in range: ClosedRange<Int64>
    ) throws -> Int64 {
        let value = try container.decode(Int64.self, forKey: key)
        guard range.contains(value) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "out of range")
        }
        return value
    }

    /// A block height: 0 to 2^31 − 1.
    static func height<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) throws -> Int {
        Int(try integer(container, key, in: 0...Int64(Int32.max)))
    }

    /// An optional block height: absent, null, 0 or negative give nil (mempool).
    static func optionalHeight<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) throws -> Int? {
        guard let value = try container.decodeIfPresent(Int64.self, forKey: key), value > 0 else { return nil }
        guard value <= Int64(Int32.max) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "out of range")
        }
        return Int(value)
    }
}
