import HFPrimitives

/// Real proof of work at regtest difficulty: about two double-SHA-256 attempts per block.
enum BlockMiner {
    /// The block version the devnet writes (BIP9 top bits, as current nodes).
    static let version: Int32 = 0x2000_0000

    /// Regtest's fixed difficulty bits (target 2²⁵⁵ − 1 rounded to compact form; never retargets).
    static let bits: UInt32 = 0x207f_ffff

    /// The first header on `previous` with `merkleRoot` and at least time `time` whose hash meets `bits`: the nonce
    /// counts up from 0, and should all 2³² nonces fail the time advances by one second.
    static func mine(previous: BlockHash, merkleRoot: MerkleHash, time: UInt32) -> BlockHeader {
        var time = time
        while true {
            var nonce: UInt32 = 0
            repeat {
                let header = BlockHeader(
                    version: version, previousBlockHash: previous, merkleRoot: merkleRoot, time: time, bits: bits,
                    nonce: nonce)
                if header.hasValidProofOfWork { return header }
                nonce &+= 1
            } while nonce != 0
            time &+= 1
        }
    }

    /// Bitcoin Core's `GetDifficulty`: the difficulty-1 target (`1d00ffff`) over the target of `bits`.
    static func difficulty(bits: UInt32) -> Double {
        var shift = Int((bits >> 24) & 0xff)
        let mantissa = Double(bits & 0x00ff_ffff)
        guard mantissa > 0 else { return 0 }
        var difficulty = Double(0x0000_ffff) / mantissa
        while shift < 29 {
            difficulty *= 256
            shift += 1
        }
        while shift > 29 {
            difficulty /= 256
            shift -= 1
        }
        return difficulty
    }
}
