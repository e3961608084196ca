import HFBundles
import HFCrypto

/// `.bep` opening (issue #3): dominated by PBKDF2 by design; the limit is one raw PBKDF2 of the same parameters.
enum BackupBenchmarks {
    /// `bep.open`: open a 600,000-iteration `.bep` holding a 64 KiB document; limit: one PBKDF2-HMAC-SHA256 with the
    /// same password, salt and iterations. The aim is ≤ 1.05× the limit's time (ratio ≥ 0.95).
    static let open = BenchmarkCase(
        name: "bep.open",
        summary: "open a 600,000-iteration .bep (64 KiB plaintext); limit: one raw PBKDF2 of the same parameters"
    ) {
        let password = SecureBytes(Array("correct horse battery staple".utf8))
        let sealed = try EncryptedBackup.seal(
            plaintext: SecureBytes(SecureRandom.bytes(64 * 1024)), password: password).encoded()
        let salt = Array(sealed[5..<21])
        let seconds = try measure(repeats: 3) { blackHole(try EncryptedBackup.open(sealed, password: password)) }
        let limit = measure(repeats: 3) {
            blackHole(PBKDF2.sha256(password: password.bytes, salt: salt, iterations: 600_000, keyLength: 32))
        }
        return BenchmarkReport(name: "bep.open", n: 1, seconds: seconds, limitSeconds: limit)
    }
}
