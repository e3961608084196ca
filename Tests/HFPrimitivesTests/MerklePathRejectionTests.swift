import Foundation
import HFPrimitives
import HFTestSupport
import Testing

/// Block 125632's tree (11 transactions), for hand-made paths.
private func tree125632() throws -> MerkleTree? {
    guard let file = try ChainVectors.object("merkle/block125632.tsc-and-bump.json") else { return nil }
    let txids = try #require(file["txids"] as? [String]).map { text in try Txid(displayHex: text) }
    return try MerkleTree(txids: txids)
}

/// A hash leaf.
private func leaf(_ offset: UInt64, _ hash: MerkleHash, txid: Bool = false) -> MerklePath.Leaf {
    MerklePath.Leaf(offset: offset, hash: hash, isTxid: txid)
}

@Suite struct MerklePathRejectionTests {
    @Test func binaryStructure() throws {
        guard let tree = try tree125632() else { return }
        let path = try tree.merklePath(indices: [2, 10], blockHeight: 125_632)
        let bytes = path.serialized
        for length in 0..<bytes.count {
            #expect(throws: MerklePathError.self, "length \(length)") {
                try MerklePath(serialized: Array(bytes[..<length]))
            }
        }
        #expect(throws: MerklePathError.malformed(.trailingBytes(1))) { try MerklePath(serialized: bytes + [0]) }
        // Layout: height (fe + 4 bytes), treeHeight, level 0 count, …
        #expect(Array(bytes[0..<7]) == [0xfe, 0xc0, 0xea, 0x01, 0x00, 0x04, 0x04])
        var levels = bytes
        levels[5] = 65
        #expect(throws: MerklePathError.tooManyLevels(65)) { try MerklePath(serialized: levels) }
        levels[5] = 0
        #expect(throws: MerklePathError.malformed(.trailingBytes(bytes.count - 6))) {
            try MerklePath(serialized: levels)
        }
        #expect(throws: MerklePathError.emptyLevelZero) { try MerklePath(serialized: Array(bytes[0..<5]) + [0]) }
        var count = bytes
        count[6] = 0xfc
        #expect(throws: MerklePathError.malformed(.valueTooLarge)) { try MerklePath(serialized: count) }
        let nonCanonical = Array(bytes[0..<6]) + [0xfd, 0x04, 0x00] + Array(bytes[7...])
        #expect(throws: MerklePathError.malformed(.nonCanonicalCompactSize)) {
            try MerklePath(serialized: nonCanonical)
        }
        let height = [0xff, 0, 0, 0, 0, 1, 0, 0, 0] + Array(bytes[5...])
        #expect(throws: MerklePathError.malformed(.valueTooLarge)) { try MerklePath(serialized: height) }
        // First leaf: offset 2 (1 byte) and flags.
        #expect(bytes[7] == 2 && bytes[8] == 2)
        for flags: UInt8 in [0x03, 0x04, 0x80] {
            var damaged = bytes
            damaged[8] = flags
            #expect(throws: MerklePathError.invalidFlags(level: 0, offset: 2, flags: flags)) {
                try MerklePath(serialized: damaged)
            }
        }
        // A txid flag above level 0 (the first leaf of level 1, offset 0, has its flags at byte 113).
        #expect(bytes[111] == 2 && bytes[112] == 0 && bytes[113] == 0)
        var flaggedAbove = bytes
        flaggedAbove[113] = 0x02
        #expect(throws: MerklePathError.invalidFlags(level: 1, offset: 0, flags: 0x02)) {
            try MerklePath(serialized: flaggedAbove)
        }
        #expect(throws: MerklePathError.invalidHex(.oddLength(3))) { try MerklePath(hex: "abc") }
        #expect(throws: MerklePathError.invalidHex(.invalidCharacter(offset: 0))) { try MerklePath(hex: "zz") }
    }

    /// Every flipped bit of a compound path is refused, or changes what the path claims (block height, root, or
    /// a transaction's position).
    @Test func flippedBitsInEveryField() throws {
        guard let tree = try tree125632() else { return }
        let path = try tree.merklePath(indices: [2, 10], blockHeight: 125_632)
        let bytes = path.serialized
        let txids = path.txids
        for bit in 0..<(bytes.count * 8) {
            var damaged = bytes
            damaged[bit / 8] ^= 1 << UInt8(bit % 8)
            guard let parsed = try? MerklePath(serialized: damaged) else { continue }
            let sameClaims =
                parsed.blockHeight == path.blockHeight && parsed.root == path.root
                && txids.allSatisfy { parsed.offset(of: $0) == path.offset(of: $0) }
            #expect(!sameClaims || parsed.txids != txids, "bit \(bit)")
        }
    }

    /// Offsets: repeated, not needed, out of the tree, duplicates in the wrong place, missing siblings.
    @Test func offsetRules() throws {
        guard let tree = try tree125632() else { return }
        let t = tree.levels[0]
        let height: UInt32 = 125_632
        #expect(throws: MerklePathError.duplicateOffset(level: 0, offset: 2)) {
            try MerklePath(blockHeight: height, levels: [[leaf(2, t[2], txid: true), leaf(2, t[3])]])
        }
        let two = try tree.merklePath(indices: [2], blockHeight: height)
        var extra = two.levels
        extra[2].append(leaf(0, tree.levels[2][0]))
        #expect(throws: MerklePathError.illegalOffset(level: 2, offset: 0)) {
            try MerklePath(blockHeight: height, levels: extra)
        }
        var far = two.levels
        far[0] = [leaf(18, t[2], txid: true), leaf(19, t[3])]
        #expect(throws: MerklePathError.illegalOffset(level: 1, offset: 0)) {
            try MerklePath(blockHeight: height, levels: far)
        }
        far[1] = []
        far[2] = []
        far[3] = []
        #expect(throws: MerklePathError.offsetOutOfRange(offset: 19)) {
            try MerklePath(blockHeight: height, levels: far)
        }
        #expect(throws: MerklePathError.offsetOutOfRange(offset: 5)) {
            try MerklePath(blockHeight: height, levels: [[leaf(5, t[0], txid: true)]])
        }
        #expect(throws: MerklePathError.duplicateNotAllowed(level: 0, offset: 2)) {
            try MerklePath(
                blockHeight: height, levels: [[leaf(3, t[3], txid: true), .duplicate(offset: 2)], [], [], []])
        }
        #expect(throws: MerklePathError.duplicateNotAllowed(level: 0, offset: 5)) {
            try MerklePath(
                blockHeight: height, levels: [[leaf(2, t[2], txid: true), .duplicate(offset: 5)], [], [], []])
        }
        var rightDuplicate = two.levels
        rightDuplicate[1] = [.duplicate(offset: 0)]
        #expect(throws: MerklePathError.duplicateNotAllowed(level: 1, offset: 0)) {
            try MerklePath(blockHeight: height, levels: rightDuplicate)
        }
        var missing = two.levels
        missing[2] = []
        #expect(throws: MerklePathError.missingHash(level: 2, offset: 1)) {
            try MerklePath(blockHeight: height, levels: missing)
        }
        #expect(throws: MerklePathError.emptyLevelZero) { try MerklePath(blockHeight: height, levels: []) }
        #expect(throws: MerklePathError.emptyLevelZero) { try MerklePath(blockHeight: height, levels: [[], []]) }
        let tooMany = [[leaf(0, t[0], txid: true)]] + [[MerklePath.Leaf]](repeating: [], count: 64)
        #expect(throws: MerklePathError.tooManyLevels(65)) { try MerklePath(blockHeight: height, levels: tooMany) }
        #expect(throws: MerklePathError.txidNotFound(t[5].txid)) { try two.computeRoot(txid: t[5].txid) }
        #expect(throws: MerklePathError.txidNotFound(t[5].txid)) {
            try two.tscProof(txid: t[5].txid, target: .merkleRoot(tree.root))
        }
    }

    /// CVE-2012-2459 and inconsistent duplicates.
    @Test func duplicatedSubtrees() throws {
        guard let tree = try tree125632() else { return }
        let t = tree.levels[0]
        let height: UInt32 = 125_632
        let ten = try tree.merklePath(indices: [10], blockHeight: height)
        // Position 11 as a copy of 10.
        var copy = ten.levels
        copy[0] = [leaf(10, t[10]), leaf(11, t[10], txid: true)]
        #expect(throws: MerklePathError.siblingEqualsWorkingHash(level: 0, offset: 10)) {
            try MerklePath(blockHeight: height, levels: copy)
        }
        // Position 12 as tx 8 in a copy of the level-2 node 2 (txs 8…11).
        let eight = try tree.merklePath(indices: [8], blockHeight: height)
        var subtree = eight.levels
        subtree[0] = [leaf(12, t[8], txid: true), leaf(13, t[9])]
        subtree[1] = [leaf(7, tree.levels[1][5])]
        subtree[2] = [leaf(2, tree.levels[2][2])]
        #expect(throws: MerklePathError.siblingEqualsWorkingHash(level: 2, offset: 2)) {
            try MerklePath(blockHeight: height, levels: subtree)
        }
        // A forced duplicate written in full on the right is accepted.
        var spelled = eight.levels
        spelled[2] = [leaf(3, tree.levels[2][2])]
        #expect(try MerklePath(blockHeight: height, levels: spelled).root == tree.root)
        // A real right sibling above a duplicated level.
        var inconsistent = ten.levels
        inconsistent[2] = [leaf(3, t[0])]
        #expect(throws: MerklePathError.rightSiblingAfterDuplicate(level: 2, offset: 3)) {
            try MerklePath(blockHeight: height, levels: inconsistent)
        }
        // A given node that disagrees with the one computed below it.
        let compound = try tree.merklePath(indices: [0, 2], blockHeight: height)
        var wrong = compound.levels
        wrong[1].append(leaf(0, t[7]))
        #expect(throws: MerklePathError.mismatchedRoots) { try MerklePath(blockHeight: height, levels: wrong) }
        // A txid whose level-0 twin appears twice as siblings in a full level.
        let full = [leaf(0, t[0], txid: true), leaf(1, t[0])]
        #expect(throws: MerklePathError.siblingEqualsWorkingHash(level: 0, offset: 0)) {
            try MerklePath(blockHeight: height, levels: [full])
        }
    }

    @Test func jsonRejections() throws {
        guard let tree = try tree125632() else { return }
        let path = try tree.merklePath(indices: [10], blockHeight: 125_632)
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(path)) as? [String: Any])
        func decode(_ value: Any) throws -> MerklePath {
            try JSONDecoder().decode(MerklePath.self, from: try ChainVectors.jsonData(value))
        }
        #expect(try decode(object) == path)
        let levels = try #require(object["path"] as? [[[String: Any]]])
        func withLeaf(_ change: ([String: Any]) -> [String: Any]) -> [String: Any] {
            var copy = levels
            copy[0][0] = change(copy[0][0])
            return ["blockHeight": 125_632, "path": copy]
        }
        var extra = object
        extra["merkleRoot"] = "00"
        #expect(throws: MerklePathError.unknownField("merkleRoot")) { try decode(extra) }
        #expect(throws: MerklePathError.unknownField("index")) {
            try decode(withLeaf { $0.merging(["index": 1]) { $1 } })
        }
        #expect(throws: MerklePathError.invalidLeaf(level: 0, offset: 10)) {
            try decode(withLeaf { $0.merging(["duplicate": true]) { $1 } })
        }
        #expect(throws: MerklePathError.invalidLeaf(level: 0, offset: 10)) {
            try decode(withLeaf { $0.filter { $0.key != "hash" } })
        }
        #expect(throws: MerklePathError.invalidLeaf(level: 0, offset: 10)) {
            try decode(withLeaf { $0.merging(["hash": "xyz"]) { $1 } })
        }
        // `txid: false` means not a txid (the reference would still write flag 0x02).
        let unflagged = try decode(withLeaf { $0.merging(["txid": false]) { $1 } })
        #expect(unflagged.txids.isEmpty)
        #expect(unflagged.levels[0][0].flags == 0x00)
        #expect(path.levels[0][0].flags == 0x02)
        #expect(try unflagged.computeRoot(txid: tree.levels[0][10].txid) == tree.root)
        #expect(throws: DecodingError.self) { try decode(["blockHeight": -1, "path": levels]) }
        #expect(throws: DecodingError.self) { try decode(["blockHeight": 1]) }
        #expect(throws: MerklePathError.tooManyLevels(65)) {
            try decode(["blockHeight": 1, "path": [[[String: Any]]](repeating: [], count: 65)])
        }
        let text = String(decoding: try JSONEncoder().encode(path), as: UTF8.self)
        #expect(!text.contains("false"))
        #expect(text.contains("\"duplicate\":true"))
    }
}
