import Foundation
import HFPrimitives
import HFTestSupport
import Testing

/// The genesis block header (80 bytes).
private let genesisHex =
    "0100000000000000000000000000000000000000000000000000000000000000000000003ba3edfd7a7b12b27ac72c3e67768f617fc81b"
    + "c3888a51323a9fb8aa4b1e5e4a29ab5f49ffff001d1dac2b7c"

@Suite struct BlockHeaderTests {
    @Test func genesisFields() throws {
        let bytes = try [UInt8](hex: genesisHex)
        let header = try BlockHeader(bytes: bytes)
        #expect(header.version == 1)
        #expect(header.previousBlockHash.internalBytes == [UInt8](repeating: 0, count: 32))
        #expect(header.merkleRoot.displayHex == "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b")
        #expect(header.time == 1_231_006_505)
        #expect(header.bits == 0x1d00_ffff)
        #expect(header.nonce == 2_083_236_893)
        #expect(header.hash.displayHex == "000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f")
        #expect(header.serialized == bytes)
        #expect(header.noPrev48Bytes == Array(bytes[0..<4]) + Array(bytes[36...]))
        #expect(try header.work == UInt256(0x1_0001_0001))
        // The display hex of a block hash is its value as a number.
        #expect(UInt256(blockHash: header.hash) == (try UInt256(hex: header.hash.displayHex)))
        #expect(header.hasValidProofOfWork)
        let rebuilt = BlockHeader(
            version: 1, previousBlockHash: header.previousBlockHash, merkleRoot: header.merkleRoot,
            time: 1_231_006_505, bits: 0x1d00_ffff, nonce: 2_083_236_893)
        #expect(rebuilt == header)
    }

    @Test func negativeVersionRoundTrips() throws {
        var bytes = try [UInt8](hex: genesisHex)
        bytes[3] = 0xff
        let header = try BlockHeader(bytes: bytes)
        #expect(header.version == Int32(bitPattern: 0xff00_0001))
        #expect(header.serialized == bytes)
    }

    @Test func rejectsWrongLengths() throws {
        let bytes = try [UInt8](hex: genesisHex)
        #expect(throws: BlockHeaderError.wrongLength(79)) { try BlockHeader(bytes: Array(bytes.dropLast())) }
        #expect(throws: BlockHeaderError.wrongLength(81)) { try BlockHeader(bytes: bytes + [0]) }
        #expect(throws: BlockHeaderError.wrongLength(0)) { try BlockHeader(bytes: []) }
        let header = try BlockHeader(bytes: bytes)
        let short = Array(header.noPrev48Bytes.dropLast())
        #expect(throws: BlockHeaderError.wrongNoPrev48Length(47)) {
            try BlockHeader(noPrev48: short, previousBlockHash: header.previousBlockHash)
        }
        #expect(throws: BlockHeaderError.wrongNoPrev48Length(80)) {
            try BlockHeader(noPrev48: bytes, previousBlockHash: header.previousBlockHash)
        }
        #expect(BlockHeaderError.wrongLength(79).description == "a block header is 80 bytes, not 79")
    }

    /// Any flipped bit in the 80 bytes breaks the proof of work (the hash changes) or the bits themselves.
    @Test func flippedBitsFailProofOfWork() throws {
        let bytes = try [UInt8](hex: genesisHex)
        for bit in 0..<(80 * 8) {
            var damaged = bytes
            damaged[bit / 8] ^= 1 << UInt8(bit % 8)
            let header = try BlockHeader(bytes: damaged)
            #expect(!header.hasValidProofOfWork, "bit \(bit)")
            #expect(throws: BlockHeaderError.self) { try header.checkProofOfWork() }
        }
        var damaged = bytes
        damaged[79] ^= 0x01  // nonce
        #expect(throws: BlockHeaderError.hashAboveTarget) { try BlockHeader(bytes: damaged).checkProofOfWork() }
    }

    @Test func invalidBitsAreReportedDistinctly() throws {
        let genesis = try BlockHeader(bytes: try [UInt8](hex: genesisHex))
        let cases: [(UInt32, CompactTargetError)] = [(0x1d80_ffff, .negative), (0x2301_0000, .overflow), (0, .zero)]
        for (bits, reason) in cases {
            let header = BlockHeader(
                version: genesis.version, previousBlockHash: genesis.previousBlockHash, merkleRoot: genesis.merkleRoot,
                time: genesis.time, bits: bits, nonce: genesis.nonce)
            #expect(throws: BlockHeaderError.invalidBits(reason)) { try header.checkProofOfWork() }
            #expect(throws: reason) { try header.target }
            #expect(!header.hasValidProofOfWork)
        }
    }

    /// Heights 0 … 32259: parse, byte-identical re-serialization, links, proof of work, and chain work against the
    /// cumulative values of `bsv-mainnet-checkpoints-every-2016.txt` (every retarget height up to 32256).
    @Test func mainnetHeaders0To32259() throws {
        guard let data = try Vectors.data("chain/headers/mainnet-headers-0-32259.bin"),
            let headers = try ChainVectors.headers("chain/headers/mainnet-headers-0-32259.bin"),
            let checkpoints = try ChainVectors.lines("chain/headers/bsv-mainnet-checkpoints-every-2016.txt")
        else { return }
        #expect(headers.count == 32260)
        #expect(headers.flatMap(\.serialized) == [UInt8](data))
        var expectedWork: [Int: UInt256] = [:]
        for line in checkpoints {
            let parts = line.split(separator: " ")
            guard let height = Int(parts[0]), height <= 32256 else { continue }
            expectedWork[height] = try UInt256(hex: String(parts[1]))
        }
        #expect(expectedWork.count == 16)
        var chainWork = UInt256.zero
        var previous: BlockHash?
        var matched = 0
        for (height, header) in headers.enumerated() {
            if let previous { #expect(header.previousBlockHash == previous, "link at \(height)") }
            #expect(header.hasValidProofOfWork, "PoW at \(height)")
            chainWork += try header.work
            if let expected = expectedWork[height] {
                #expect(chainWork == expected, "chain work at \(height)")
                matched += 1
            }
            previous = header.hash
        }
        #expect(matched == 16)
        #expect(headers[0].previousBlockHash.internalBytes == [UInt8](repeating: 0, count: 32))
        #expect(previous?.displayHex == "000000008a5b32a0610b2b0eeb5390e30e157324bf28c09ab83ccbb99184c38b")
        #expect(headers[32255].bits == 0x1d00_ffff)
        #expect(headers[32256].bits == 0x1d00_d86a)
    }
}
