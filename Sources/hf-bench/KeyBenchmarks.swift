import HFCrypto
import HFPrimitives
import HFWallet

/// Address-derivation cases (docs/design.md §10): the wallet path against the bare primitive work it cannot avoid.
enum KeyBenchmarks {
    /// Addresses derived per case run.
    static let count = 10_000

    /// The sample wallet (`abandon … about`) on main.
    static func sampleKeys() throws -> WalletKeys {
        let phrase = Array(repeating: "abandon", count: 11).joined(separator: " ") + " about"
        return try WalletKeys(mnemonic: Mnemonic(phrase: phrase), network: .main)
    }

    /// `type42.addresses`: 10,000 Type42 receive addresses. Limit (issue #2): per key the raw BRC-42 work done
    /// naively, one ECDH + HMAC-SHA256 + point tweak + HASH160. The wallet caches the shared point (counterparty self),
    /// so it can beat that limit; `floorPerSecond` and `ratioToFloor` compare against the same work without ECDH.
    static let type42 = BenchmarkCase(
        name: "type42.addresses",
        summary: "10,000 Type42 receive addresses; limit: raw ECDH + HMAC-SHA256 + tweak + HASH160 per key"
    ) {
        let keys = try sampleKeys()
        let seconds = try measure {
            blackHole(try keys.derive(scheme: .type42, chain: .receive, start: 0, count: count).last?.address)
        }
        let root = keys.type42.rootPublicKey
        let other = PrivateKey.generate()
        let invoices = (0..<count).map { Array("1-wallet-\($0)".utf8) }
        let cached = try other.sharedPoint(with: root).compressed
        func rawKeys(ecdh: Bool) throws -> Double {
            try measure {
                for invoice in invoices {
                    let shared = ecdh ? try other.sharedPoint(with: root).compressed : cached
                    let tweak = HMAC.sha256(key: shared, message: invoice)
                    blackHole(Hash.hash160(try root.adding(tweakTimesGenerator: tweak).compressed))
                }
            }
        }
        var report = BenchmarkReport(
            name: "type42.addresses", n: count, seconds: seconds, limitSeconds: try rawKeys(ecdh: true))
        let floor = try rawKeys(ecdh: false)
        report.extra = [("floorPerSecond", Double(count) / floor), ("ratioToFloor", floor / seconds)]
        return report
    }

    /// `bip32.addresses`: 10,000 BIP44 receive addresses; limit: per key one HMAC-SHA512, one point tweak and one
    /// HASH160 from the cached chain key.
    static let bip32 = BenchmarkCase(
        name: "bip32.addresses",
        summary: "10,000 BIP44 receive addresses; limit: raw HMAC-SHA512 + point tweak + HASH160 per key"
    ) {
        let keys = try sampleKeys()
        let seconds = try measure {
            blackHole(try keys.derive(scheme: .bip44, chain: .receive, start: 0, count: count).last?.address)
        }
        let chainKey = keys.bip44.chainKey(.receive)
        let parent = chainKey.publicKey
        let chainCode = SecureRandom.bytes(32)
        let messages = (0..<count).map { parent.compressed + withUnsafeBytes(of: UInt32($0).bigEndian, Array.init) }
        let limit = try measure {
            for message in messages {
                let i = HMAC.sha512(key: chainCode, message: message)
                blackHole(Hash.hash160(try parent.adding(tweakTimesGenerator: Array(i[0..<32])).compressed))
            }
        }
        return BenchmarkReport(name: "bip32.addresses", n: count, seconds: seconds, limitSeconds: limit)
    }
}
