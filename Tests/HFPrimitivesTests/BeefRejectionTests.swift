import Foundation
import HFPrimitives
import HFTestSupport
import Testing

/// Every rejection path of the BEEF decoders, each with its specific error, from the spec example mutated.
@Suite struct BeefRejectionTests {
    /// The spec example: (V1 bytes, its BUMP's byte length, the parent raw tx, the child raw tx).
    func example() throws -> (beef: Beef, bytes: [UInt8], bumpLength: Int)? {
        guard let file = try ChainVectors.object("beef/brc62-example.json") else { return nil }
        let bytes = TestHex.decode(try ChainVectors.string(file, "beefV1Hex"))
        let beef = try Beef(serialized: bytes)
        return (beef, bytes, beef.bumps[0].serialized.count)
    }

    func rejects(_ bytes: [UInt8], _ expected: BeefError, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: expected, sourceLocation: sourceLocation) { try Beef(serialized: bytes) }
    }

    @Test func versionsAndFraming() throws {
        guard let (_, bytes, _) = try example() else { return }
        rejects([0x03, 0x00, 0xbe, 0xef] + bytes.dropFirst(4), .unknownVersion(0xefbe_0003))
        rejects([], .malformed(part: "the version", .truncated(needed: 4, available: 0)))
        rejects(bytes + [0], .trailingBytes(1))
        #expect(throws: BeefError.malformed(part: "transaction 1", .truncated(needed: 4, available: 3))) {
            try Beef(serialized: Array(bytes.dropLast(2)))
        }
        // A non-canonical BUMP count (fd 01 00 for 1).
        rejects(Array(bytes[0..<4]) + [0xfd, 0x01, 0x00] + bytes[5...],
                .malformed(part: "the BUMP count", .nonCanonicalCompactSize))
        // An absurd transaction count is refused before anything is allocated.
        let count = 4 + 1 + (try example()!.bumpLength)
        rejects(Array(bytes[0..<count]) + [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f],
                .malformed(part: "the transaction count", .valueTooLarge))
        rejects(Array(bytes[0..<count]) + [0x00], .noTransactions)
    }

    @Test func bumpIndexesAndFlags() throws {
        guard let (beef, bytes, bumpLength) = try example() else { return }
        let start = 4 + 1 + bumpLength + 1
        let firstRawLength = beef.transactions[0].rawTx!.count
        var badFlag = bytes
        badFlag[start + firstRawLength] = 0x02
        rejects(badFlag, .invalidBumpFlag(index: 0, flag: 2))
        var outOfRange = bytes
        outOfRange[start + firstRawLength + 1] = 0x01
        rejects(outOfRange, .bumpIndexOutOfRange(index: 0, bumpIndex: 1, bumpCount: 1))
        // The child claims the parent's BUMP: it is not at level 0 there.
        let child = beef.transactions[1]
        var claims = bytes
        claims.removeLast()
        claims += [0x01, 0x00]
        rejects(claims, .transactionNotInBump(child.txid, bumpIndex: 0))
        // A V2 format byte out of range.
        var v2 = try Beef(version: .v2, bumps: beef.bumps, transactions: beef.transactions).serialized
        v2[start] = 0x03
        rejects(v2, .invalidFormat(index: 0, format: 3))
        // A changed sibling hash still makes a well-formed BUMP, with another root: only the receiver's header
        // chain can refuse it.
        var sibling = bytes
        sibling[4 + 1 + 12] ^= 0x01
        #expect(try Beef(serialized: sibling).bumps[0].root != beef.bumps[0].root)
        // A BUMP that breaks BRC-74 (a txid flag at level 1) is reported with its index.
        var flagged = bytes
        #expect(flagged[4 + 1 + 77] == 0x00)
        flagged[4 + 1 + 77] = 0x02
        rejects(flagged, .invalidBump(index: 0, .invalidFlags(level: 1, offset: 11, flags: 2)))
    }

    @Test func transactionSetRules() throws {
        guard let (beef, _, _) = try example() else { return }
        let parent = beef.transactions[0]
        let child = beef.transactions[1]
        #expect(throws: BeefError.duplicateTransaction(parent.txid)) {
            try Beef(version: .v1, bumps: beef.bumps, transactions: [parent, parent, child])
        }
        #expect(throws: BeefError.parentAfterChild(child: child.txid, parent: parent.txid)) {
            try Beef(version: .v1, bumps: beef.bumps, transactions: [child, parent])
        }
        #expect(throws: BeefError.missingParent(child: child.txid, parent: parent.txid)) {
            try Beef(version: .v1, bumps: beef.bumps, transactions: [child])
        }
        #expect(throws: BeefError.txidOnlyInVersion1(index: 0)) {
            try Beef(version: .v1, bumps: [], transactions: [BeefTransaction(txidOnly: parent.txid), child])
        }
        // The transaction itself is decoded strictly (here: a trailing input count of zero).
        var emptyInputs = Array(beef.serialized)
        let start = 4 + 1 + beef.bumps[0].serialized.count + 1
        emptyInputs[start + 4] = 0x00
        do { _ = try Beef(serialized: emptyInputs); Issue.record("accepted") } catch {
            switch error {
            case .invalidTransaction(index: 0, _), .malformed(part: "transaction 0", _): break
            default: Issue.record("wrong error \(error)")
            }
        }
    }

    @Test func atomicRules() throws {
        guard let (beef, _, _) = try example() else { return }
        let parent = beef.transactions[0]
        let child = beef.transactions[1]
        let unknown = Txid(hashing: [1, 2, 3])
        #expect(throws: BeefError.subjectMissing(unknown)) { try AtomicBeef(subject: unknown, beef: beef) }
        #expect(throws: BeefError.subjectNotLast(parent.txid)) { try AtomicBeef(subject: parent.txid, beef: beef) }
        let atomic = try AtomicBeef(subject: child.txid, beef: beef)
        #expect(throws: BeefError.notAtomic) { try AtomicBeef(serialized: beef.serialized) }
        var truncated = atomic.serialized
        truncated.removeSubrange(4..<36)
        #expect(throws: BeefError.self) { try AtomicBeef(serialized: Array(truncated.prefix(20))) }
        #expect(throws: BeefError.trailingBytes(2)) { try AtomicBeef(serialized: atomic.serialized + [0, 0]) }
        // A parent-only BEEF about an unrelated second transaction: that one is not an ancestor.
        guard let other = try ChainVectors.object("beef/ts-sdk.beef-vectors.json") else { return }
        let proven = try Beef(hex: try ChainVectors.string(try #require(other["beefWithProof"] as? [String: Any]), "beefHex"))
        let mixed = try Beef(
            version: .v1, bumps: beef.bumps + proven.bumps,
            transactions: [proven.transactions[0].withBump(1), parent, child])
        #expect(throws: BeefError.notAnAncestor(proven.transactions[0].txid)) {
            try AtomicBeef(subject: child.txid, beef: mixed)
        }
    }

    @Test func fileDetection() throws {
        guard let (beef, bytes, _) = try example() else { return }
        #expect(try BeefFile(decoding: bytes) == .beef(beef))
        #expect(try BeefFile(decoding: Array(("  " + beef.hex.uppercased() + "\r\n").utf8)) == .beef(beef))
        #expect(throws: BeefError.self) { try BeefFile(decoding: Array("{\"format\":\"hfreceipt\"}".utf8)) }
        #expect(throws: BeefError.self) { try BeefFile(decoding: Array((beef.hex + "0").utf8)) }
    }
}

extension BeefTransaction {
    /// The same transaction proven by BUMP `index`.
    func withBump(_ index: Int) throws -> BeefTransaction {
        try BeefTransaction(rawTx: rawTx!, bumpIndex: index)
    }
}
