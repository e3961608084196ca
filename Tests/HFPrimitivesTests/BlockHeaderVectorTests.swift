import Foundation
import HFPrimitives
import HFTestSupport
import Testing

/// Parses `height hex80` lines.
private func heightHeaderLines(_ lines: [String]) throws -> [(Int, BlockHeader)] {
    try lines.map { line in
        let parts = line.split(separator: " ")
        let height = try #require(Int(parts[0]))
        return (height, try BlockHeader(bytes: try [UInt8](hex: String(parts[parts.count - 1]))))
    }
}

@Suite struct BlockHeaderVectorTests {
    /// BSV 886001 … 888000 (the checkpoint region of docs/design.md §5): parse, re-serialize, link, proof of work, the
    /// noPrev48 form, and chain work from teranode's chainwork(886000) to the README's chainwork(888000).
    @Test func bsvHeaders886001To888000() throws {
        let path = "chain/headers/bsv-mainnet-headers-886001-888000.bin"
        guard let data = try Vectors.data(path), let headers = try ChainVectors.headers(path) else { return }
        #expect(headers.count == 2000)
        #expect(headers.flatMap(\.serialized) == [UInt8](data))
        #expect(
            headers[0].previousBlockHash.displayHex
                == "000000000000000006ad0d00957e60e47d6fd909e7862b9af6eeb190f7d6e67f")
        var chainWork = try UInt256(hex: "16354e91e00b76e48f14aee")  // chainwork(886000)
        var previous = headers[0].previousBlockHash
        for (offset, header) in headers.enumerated() {
            let height = 886_001 + offset
            #expect(header.previousBlockHash == previous, "link at \(height)")
            #expect(header.hasValidProofOfWork, "PoW at \(height)")
            #expect(try header.target <= Network.main.proofOfWorkLimit)
            let rebuilt = try BlockHeader(noPrev48: header.noPrev48Bytes, previousBlockHash: previous)
            #expect(rebuilt == header, "noPrev48 at \(height)")
            chainWork += try header.work
            if height == 886_001 { #expect(chainWork == (try UInt256(hex: "16354f6e546cea378de0e02"))) }
            previous = header.hash
        }
        #expect(chainWork == (try UInt256(hex: "163cb6584479a25c98ad36d")))
        #expect(previous.displayHex == "000000000000000004026d10802cf1132fc67cc7a0c340eb4686869edaf48f38")
        // BSV retargets every block here.
        #expect(Set(headers.map(\.bits)).count > 1000)
    }

    /// The 2016-block boundaries: every header meets its proof of work and each pair (2016k − 1, 2016k) links.
    @Test func retargetBoundaries() throws {
        guard let lines = try ChainVectors.lines("chain/headers/mainnet-retarget-boundary-headers.txt") else { return }
        let rows = try heightHeaderLines(lines)
        #expect(rows.count == 476)
        let byHeight = Dictionary(uniqueKeysWithValues: rows)
        var links = 0
        for (height, header) in rows {
            #expect(header.hasValidProofOfWork, "PoW at \(height)")
            if let parent = byHeight[height - 1] {
                #expect(header.previousBlockHash == parent.hash, "link at \(height)")
                links += 1
            }
        }
        #expect(links == 237)
    }

    /// Every 2016th header with its chain work: proof of work, and identical bytes where the retarget file has
    /// the same height; chain work grows by at least the header's own work at each step.
    @Test func checkpointsEvery2016() throws {
        guard let lines = try ChainVectors.lines("chain/headers/bsv-mainnet-checkpoints-every-2016.txt"),
            let boundary = try ChainVectors.lines("chain/headers/mainnet-retarget-boundary-headers.txt")
        else { return }
        let boundaryByHeight = Dictionary(uniqueKeysWithValues: try heightHeaderLines(boundary))
        #expect(lines.count == 253)
        var common = 0
        var previousWork = UInt256.zero
        for line in lines {
            let parts = line.split(separator: " ")
            let height = try #require(Int(parts[0]))
            let chainWork = try UInt256(hex: String(parts[1]))
            let header = try BlockHeader(bytes: try [UInt8](hex: String(parts[2])))
            #expect(header.hasValidProofOfWork, "PoW at \(height)")
            #expect(chainWork >= previousWork + (try header.work), "chain work at \(height)")
            previousWork = chainWork
            if let other = boundaryByHeight[height] {
                #expect(other == header, "same header at \(height)")
                common += 1
            }
        }
        #expect(common == 237)
    }

    /// WhatsOnChain-style samples and the checkpoint list: every field equals the header bytes' decoding.
    @Test func sampleAndCheckpointFields() throws {
        guard let samples = try ChainVectors.object("chain/headers/bsv-mainnet-sample-headers.json"),
            let checkpoints = try ChainVectors.object("chain/checkpoints.json")
        else { return }
        let rows = try ChainVectors.objects(samples, "headers") + ChainVectors.objects(checkpoints, "headers")
        #expect(rows.count == 38)
        for row in rows {
            let header = try BlockHeader(bytes: try [UInt8](hex: try ChainVectors.string(row, "header")))
            let height = try ChainVectors.int(row, "height")
            #expect(header.hash.displayHex == (try ChainVectors.string(row, "hash")), "hash at \(height)")
            #expect(header.merkleRoot.displayHex == (try ChainVectors.string(row, "merkleroot")))
            #expect(header.previousBlockHash.displayHex == (try ChainVectors.string(row, "previousblockhash")))
            #expect(Int(header.version) == (try ChainVectors.int(row, "version")))
            #expect(Int(header.time) == (try ChainVectors.int(row, "time")))
            #expect(Int(header.nonce) == (try ChainVectors.int(row, "nonce")))
            #expect(header.compactTarget.description == (try ChainVectors.string(row, "bits")))
            #expect(header.hasValidProofOfWork, "PoW at \(height)")
            // Where both chain work and the previous chain work are known, they differ by this header's work.
            if let total = row["chainwork"] as? String, let before = row["prevChainwork"] as? String {
                #expect(try UInt256(hex: before) + header.work == UInt256(hex: total), "work at \(height)")
            }
        }
    }

    /// BTC-only headers after the 2017 split: valid proof of work and linked to each other, but not to BSV.
    @Test func btcOnlyHeadersDoNotLinkToBSV() throws {
        guard let lines = try ChainVectors.lines("chain/headers/btc-only-headers-after-split.txt"),
            let boundary = try ChainVectors.lines("chain/headers/mainnet-retarget-boundary-headers.txt"),
            let checkpoints = try ChainVectors.object("chain/checkpoints.json")
        else { return }
        let btc = Dictionary(uniqueKeysWithValues: try heightHeaderLines(lines))
        let btc479807 = try #require(btc[479_807])
        let btc479808 = try #require(btc[479_808])
        #expect(btc479807.hasValidProofOfWork && btc479808.hasValidProofOfWork)
        #expect(btc479808.previousBlockHash == btc479807.hash)
        let bsv479807 = try #require(Dictionary(uniqueKeysWithValues: try heightHeaderLines(boundary))[479_807])
        #expect(bsv479807.hash != btc479807.hash)
        let bsvRow = try #require(
            try ChainVectors.objects(checkpoints, "headers").first { ($0["height"] as? Int) == 479_808 })
        let bsv479808 = try BlockHeader(bytes: try [UInt8](hex: try ChainVectors.string(bsvRow, "header")))
        #expect(bsv479808.previousBlockHash == bsv479807.hash)
        #expect(bsv479808.previousBlockHash != btc479807.hash)
        #expect(btc479808.previousBlockHash != bsv479807.hash)
    }

    /// The hex slice equals the same heights of the binary file.
    @Test func hexSliceMatchesBinary() throws {
        guard let lines = try ChainVectors.lines("chain/headers/mainnet-headers-30240-32259.hex"),
            let headers = try ChainVectors.headers("chain/headers/mainnet-headers-0-32259.bin")
        else { return }
        #expect(lines.count == 2020)
        for (offset, line) in lines.enumerated() {
            #expect(try BlockHeader(bytes: try [UInt8](hex: line)) == headers[30240 + offset])
        }
    }

    /// A regtest header (bits 207fffff, from go-bc's SPV test) meets its proof of work.
    @Test func regtestHeader() throws {
        let hex =
            "000000208e33a53195acad0ab42ddbdbe3e4d9ca081332e5b01a62e340dbd8167d1a787b702f61bb913ac2063e0f2aed6d933d33"
            + "86234da5c8eb9e30e498efd25fb7cb96fff12c60ffff7f2001000000"
        let header = try BlockHeader(bytes: try [UInt8](hex: hex))
        #expect(header.bits == 0x207f_ffff)
        #expect(header.hasValidProofOfWork)
        #expect(try header.target == (Network.regtest.proofOfWorkLimit >> 232) << 232)
        #expect(header.hash.displayHex == "75edb0a69eb195cdd81e310553aa4d25e18450e08f168532a2c2e9cf447bf169")
    }
}
