import Foundation
import HFPrimitives
import HFTestSupport
import Testing

/// Loading helpers for the chain and merkle vectors in `Tests/Vectors/`.
enum ChainVectors {
    /// A JSON vector object; nil when the file is absent and vectors are optional.
    static func object(_ path: String) throws -> [String: Any]? {
        guard let raw = try Vectors.json(path) else { return nil }
        return try #require(raw as? [String: Any], "\(path) is not a JSON object")
    }

    /// The lines of a text vector file, without empty ones; nil when absent and optional.
    static func lines(_ path: String) throws -> [String]? {
        guard let data = try Vectors.data(path) else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// A concatenation of raw 80-byte headers, parsed; nil when absent and optional.
    static func headers(_ path: String) throws -> [BlockHeader]? {
        guard let data = try Vectors.data(path) else { return nil }
        let bytes = [UInt8](data)
        try #require(bytes.count % 80 == 0, "\(path) is not a whole number of headers")
        return try stride(from: 0, to: bytes.count, by: 80).map { offset in
            try BlockHeader(bytes: Array(bytes[offset..<(offset + 80)]))
        }
    }

    /// A string field of a vector row.
    static func string(_ row: [String: Any], _ key: String) throws -> String {
        try #require(row[key] as? String, "missing string field \(key)")
    }

    /// An integer field of a vector row.
    static func int(_ row: [String: Any], _ key: String) throws -> Int {
        try #require(row[key] as? Int, "missing integer field \(key)")
    }

    /// An array-of-objects field of a vector row.
    static func objects(_ row: [String: Any], _ key: String) throws -> [[String: Any]] {
        try #require(row[key] as? [[String: Any]], "missing array field \(key)")
    }

    /// One block of `chain/blocks/`: height, header and txids in block order.
    struct Block {
        let height: Int
        let header: BlockHeader
        let txids: [Txid]
        /// The vector's own fields.
        let row: [String: Any]
    }

    /// The block files of `chain/blocks/`.
    static let blockFiles = [
        "block-000001", "block-000009", "block-000170", "block-000181", "block-100000", "block-277647",
        "block-367495", "block-379389", "block-384188", "block-384189", "block-413567",
    ]

    /// Every block of `chain/blocks/`; nil when absent and optional.
    static func blocks() throws -> [Block]? {
        var blocks: [Block] = []
        for name in blockFiles {
            guard let row = try object("chain/blocks/\(name).json") else { return nil }
            let header = try BlockHeader(bytes: try [UInt8](hex: try string(row, "header")))
            let texts = try #require(row["txids"] as? [String], "\(name) has no txids")
            let txids = try texts.map { text in try Txid(displayHex: text) }
            blocks.append(Block(height: try int(row, "height"), header: header, txids: txids, row: row))
        }
        return blocks
    }

    /// The block of `chain/blocks/` at `height`, if there is one; nil when absent and optional.
    static func block(height: Int) throws -> Block? {
        try blocks()?.first { $0.height == height }
    }

    /// Re-encodes part of a parsed vector as JSON bytes, for the `Codable` decoders under test.
    static func jsonData(_ value: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])
    }
}
