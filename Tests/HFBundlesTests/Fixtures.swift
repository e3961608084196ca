import Foundation
import HFBundles
import HFCrypto
import HFPrimitives

/// Test data built independently of the code under test (headers and merkle trees are assembled byte by byte).
enum Fixtures {
    /// A checkpoint (mainnet 887000's height, a made-up hash: bundles do not check proof of work).
    static let checkpointHashDisplay = "0000000000000000066b1d2a1a7e4b2a35e0b31c1c6b1f4f9f1e2d3c4b5a6978"
    static let checkpointHeight: UInt32 = 887_000

    /// The checkpoint as a value.
    static var checkpoint: HeaderCheckpoint {
        HeaderCheckpoint(height: checkpointHeight, hash: try! BlockHash(displayHex: checkpointHashDisplay))
    }

    /// `count` linked 80-byte headers whose first builds on `previous` (internal order).
    static func headerChain(count: Int, previous: [UInt8], merkleRoot: (Int) -> [UInt8] = rootFor) -> [[UInt8]] {
        var headers: [[UInt8]] = []
        var prev = previous
        for index in 0..<count {
            let header = header(previous: prev, merkleRoot: merkleRoot(index), time: 1_750_000_000 + UInt32(index))
            headers.append(header)
            prev = Hash.hash256(header)
        }
        return headers
    }

    /// One 80-byte header: version 0x20000000, `previous`, `merkleRoot`, `time`, bits 0x207fffff, nonce 7.
    static func header(previous: [UInt8], merkleRoot: [UInt8], time: UInt32) -> [UInt8] {
        le32(0x2000_0000) + previous + merkleRoot + le32(time) + le32(0x207f_ffff) + le32(7)
    }

    /// A distinct merkle root per header index.
    static func rootFor(_ index: Int) -> [UInt8] { Hash.sha256(utf8("root \(index)")) }

    /// Little-endian bytes of a 32-bit value.
    static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }

    /// The genesis coinbase transaction (its txid is well known: 4a5e1e4b…da33b).
    static let rawTx = hex(
        "01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d0104455468652054"
            + "696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f7574"
            + "20666f722062616e6b73ffffffff0100f2052a01000000434104678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea"
            + "1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5fac00000000")
    static let txidDisplay = "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b"

    /// A block of four transactions with ours at index 1: leaves l0, ours, l2, l3.
    static let otherLeaves = [Hash.sha256(utf8("l0")), Hash.sha256(utf8("l2")), Hash.sha256(utf8("l3"))]

    /// The merkle root (internal order) of [l0, ours, l2, l3].
    static var receiptRoot: [UInt8] {
        let ours = Hash.hash256(rawTx)
        let left = Hash.hash256(otherLeaves[0] + ours)
        let right = Hash.hash256(otherLeaves[1] + otherLeaves[2])
        return Hash.hash256(left + right)
    }

    /// The header of the receipt's block (builds on the checkpoint).
    static var receiptHeader: [UInt8] {
        header(previous: hex(checkpointHashDisplay).reversed(), merkleRoot: receiptRoot, time: 1_750_000_500)
    }

    /// The receipt's proof nodes in display hex: l0, then hash(l2 ‖ l3).
    static var receiptNodesDisplay: [String] {
        [hex(otherLeaves[0].reversed()), hex(Hash.hash256(otherLeaves[1] + otherLeaves[2]).reversed())]
    }

    /// The display hex of the receipt's block hash.
    static var receiptBlockHashDisplay: String { hex(Hash.hash256(receiptHeader).reversed()) }

    /// The canonical `.hfreceipt` text, written out by hand (keys sorted, no whitespace).
    static var receiptJSON: String {
        "{\"blockHash\":\"\(receiptBlockHashDisplay)\",\"blockHeight\":887001,\"format\":\"hfreceipt\","
            + "\"header\":\"\(hex(receiptHeader))\",\"merkleProof\":{\"index\":1,\"nodes\":[\"\(receiptNodesDisplay[0])\","
            + "\"\(receiptNodesDisplay[1])\"],\"target\":\"\(receiptBlockHashDisplay)\",\"txOrId\":\"\(txidDisplay)\"},"
            + "\"network\":\"main\",\"rawTx\":\"\(hex(rawTx))\",\"txid\":\"\(txidDisplay)\",\"version\":1}"
    }

    /// A fixed identity key (scalar 0x11…11).
    static var identityKey: PrivateKey { try! PrivateKey(rawRepresentation: [UInt8](repeating: 0x11, count: 32)) }

    /// The address of the scalar `n` (1…) on `network`.
    static func address(_ n: UInt8, network: Network = .main) -> Address {
        var scalar = [UInt8](repeating: 0, count: 32)
        scalar[31] = n
        return Address(publicKey: try! PrivateKey(rawRepresentation: scalar).publicKey, network: network)
    }

    /// A fixed creation time.
    static var createdAt: RFC3339Timestamp { try! RFC3339Timestamp("2026-11-30T12:00:00Z") }
}

/// Re-encodes a JSON document after changing its top-level object (for building faulty inputs).
func editedJSON(_ bytes: [UInt8], _ edit: (inout [String: JSONValue]) -> Void) -> [UInt8] {
    guard case .object(var members) = try! JSONParser.parse(bytes) else { fatalError("not an object") }
    edit(&members)
    return JSONValue.object(members).canonicalBytes
}

/// Re-encodes a JSON document after changing a nested object at `key` of the top level.
func editedJSON(_ bytes: [UInt8], in key: String, _ edit: (inout [String: JSONValue]) -> Void) -> [UInt8] {
    editedJSON(bytes) { top in
        guard case .object(var inner)? = top[key] else { fatalError("no object at \(key)") }
        edit(&inner)
        top[key] = .object(inner)
    }
}

/// The text with one occurrence of `target` replaced (traps if absent, so the test cannot silently pass).
func replacing(_ text: String, _ target: String, with replacement: String) -> [UInt8] {
    guard let range = text.range(of: target) else { fatalError("\(target) not in the fixture") }
    return utf8(text.replacingCharacters(in: range, with: replacement))
}
