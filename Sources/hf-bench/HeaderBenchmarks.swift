import HFCrypto
import HFPrimitives
import HFSPV

/// Header-chain cases (issue #3): validation and commit against the bare double SHA-256 of the same bytes.
enum HeaderBenchmarks {
    /// Headers validated per run.
    static let count = 100_000

    /// `count` regtest headers mined on the regtest genesis, 10 minutes apart.
    static func mineRegtestRun(entropy: Bool = false) -> [BlockHeader] {
        var run: [BlockHeader] = []
        run.reserveCapacity(count)
        var parent = Checkpoint.regtest.header
        for index in 0..<count {
            var root = [UInt8](repeating: 0, count: 32)
            withUnsafeBytes(of: UInt64(index).littleEndian) { root.replaceSubrange(0..<8, with: $0) }
            // With entropy, as real headers carry it (~36 bytes each): a fresh 32-byte merkle root, a nonce starting
            // anywhere, and a block time 1…1200 s after its parent's.
            var time = parent.time + 600
            var nonce: UInt32 = 0
            if entropy {
                let seed = Hash.sha256(Array("catchup \(index)".utf8))
                root = seed
                nonce = seed.prefix(4).reduce(0) { $0 << 8 | UInt32($1) }
                time = parent.time + 1 + (UInt32(seed[4]) << 8 | UInt32(seed[5])) % 1200
            }
            while true {
                let header = BlockHeader(
                    version: 0x2000_0000, previousBlockHash: parent.hash,
                    merkleRoot: (try? MerkleHash(internalBytes: root)) ?? parent.merkleRoot,
                    time: time, bits: 0x207f_ffff, nonce: nonce)
                if header.hasValidProofOfWork {
                    run.append(header)
                    parent = header
                    break
                }
                nonce &+= 1
            }
        }
        return run
    }

    /// `headers.validate`: validate and commit 100,000 self-mined regtest headers (in memory); limit: one double
    /// SHA-256 of each 80-byte header, `Hash.hash256(bytes)` as every caller of HFCrypto hashes. The extra fields
    /// give the ratio against the allocation-free `Hash.hash256(buffer:into:)` too (`bufferLimitPerSecond`,
    /// `bufferRatio`). The three are timed in turn, best of `repeats` each, so that a burst of other load on the
    /// machine hits them alike.
    static let validate = BenchmarkCase(
        name: "headers.validate",
        summary: "validate + commit 100,000 regtest headers; limit: raw double SHA-256 of the same 80-byte headers"
    ) {
        let run = mineRegtestRun()
        let bytes = run.map(\.serialized)
        let times = try measureInTurn(
            {
                let chain = try HeaderChain(checkpoint: .regtest)
                try chain.commitValidatedRun(startHeight: 1, headers: run)
                precondition(chain.validatedTipHeight == count)
            },
            {
                for header in bytes { blackHole(Hash.hash256(header)) }
            },
            {
                var digest = [UInt8](repeating: 0, count: 32)
                digest.withUnsafeMutableBytes { output in
                    for header in bytes { header.withUnsafeBytes { Hash.hash256(buffer: $0, into: output) } }
                }
                blackHole(digest)
            })
        var report = BenchmarkReport(name: "headers.validate", n: count, seconds: times[0], limitSeconds: times[1])
        let bufferLimitPerSecond = Double(count) / times[2]
        report.extra = [
            ("bufferLimitPerSecond", bufferLimitPerSecond), ("bufferRatio", report.perSecond / bufferLimitPerSecond),
        ]
        return report
    }

    /// Times each closure `repeats` times, taking them in turn, and returns the best time of each.
    static func measureInTurn(repeats: Int = 7, _ bodies: (() throws -> Void)...) throws -> [Double] {
        var best = [Double](repeating: .infinity, count: bodies.count)
        for _ in 0..<repeats {
            for (index, body) in bodies.enumerated() {
                best[index] = min(best[index], try measure(repeats: 1, body))
            }
        }
        return best
    }
}
