import Foundation
import HFPrimitives
import HFTestSupport
@testable import HFSPV

/// Real headers from the vectors and a tiny regtest miner for the rejection cases.
enum SPVFixtures {
    /// `chain/headers/bsv-mainnet-headers-886001-888000.bin`, or nil when vectors are skipped.
    static func bsvRun() throws -> [BlockHeader]? {
        try Vectors.data("chain/headers/bsv-mainnet-headers-886001-888000.bin").map(headers(in:))
    }

    /// `chain/headers/mainnet-headers-0-32259.bin`.
    static func earlyMainnet() throws -> [BlockHeader]? {
        try Vectors.data("chain/headers/mainnet-headers-0-32259.bin").map(headers(in:))
    }

    static func headers(in data: Data) throws -> [BlockHeader] {
        let bytes = [UInt8](data)
        return try stride(from: 0, to: bytes.count, by: 80).map { try BlockHeader(bytes: Array(bytes[$0..<$0 + 80])) }
    }

    /// Mines a regtest header on `parent` (a few hashes on average at bits 0x207fffff).
    static func mine(
        on parent: BlockHeader, time: UInt32? = nil, bits: UInt32 = 0x207f_ffff, salt: UInt8 = 0
    ) -> BlockHeader {
        let root = try! MerkleHash(internalBytes: [UInt8](repeating: salt, count: 31) + [UInt8(truncatingIfNeeded: parent.nonce)])
        var nonce: UInt32 = 0
        while true {
            let header = BlockHeader(
                version: 0x2000_0000, previousBlockHash: parent.hash, merkleRoot: root, time: time ?? parent.time + 600,
                bits: bits, nonce: nonce)
            if header.hasValidProofOfWork { return header }
            nonce += 1
        }
    }

    /// `count` regtest headers mined on `parent`, each 10 minutes after the one before.
    static func mineRun(on parent: BlockHeader, count: Int, salt: UInt8 = 0) -> [BlockHeader] {
        var run: [BlockHeader] = []
        var last = parent
        for _ in 0..<count {
            last = mine(on: last, salt: salt)
            run.append(last)
        }
        return run
    }
}

/// An in-memory `HeaderChainStorage` that can be told to fail (the disk fault the real store cannot produce here).
final class MemoryHeaderStorage: HeaderChainStorage {
    struct Failure: Error {}
    var records: [[UInt8]] = []
    var failNextWrite = false
    var failReads = false
    /// The next write is made durable and then reported as failed (a store that fails after its commit).
    var failAfterNextWrite = false
    /// How many records were read (opening must read a bounded number, whatever the count).
    private(set) var recordsRead = 0

    func recordCount() throws -> Int { records.count }

    func readRecords(from index: Int, count: Int) throws -> [UInt8] {
        if failReads { throw Failure() }
        precondition(index >= 0 && index + count <= records.count)
        recordsRead += count
        return records[index..<index + count].flatMap { $0 }
    }

    func replaceRecords(from index: Int, with new: [[UInt8]]) throws {
        if failNextWrite {
            failNextWrite = false
            throw Failure()
        }
        precondition(index <= records.count)
        records = Array(records[..<index]) + new
        if failAfterNextWrite {
            failAfterNextWrite = false
            throw Failure()
        }
    }

    func reset() throws { records = [] }
}
