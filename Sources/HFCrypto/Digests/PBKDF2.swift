internal import COpenSSL

/// PBKDF2 (RFC 8018) with HMAC-SHA256 or HMAC-SHA512.
///
/// The password is secret: callers should keep it in a `SecureBytes` and zeroize after use.
public enum PBKDF2 {
    /// PBKDF2-HMAC-SHA256: the key of `.bep` backups, of the keyshare vault and of the policy passphrase.
    ///
    /// Computed with the HMAC's inner and outer states prepared once (`hf_pbkdf2_hmac_sha256` in COpenSSL's shim):
    /// the same bytes as OpenSSL's `PKCS5_PBKDF2_HMAC` (``openSSLSHA256(password:salt:iterations:keyLength:)``, the
    /// tests' oracle) in about a fifth of its time, so every command that opens the vault waits less while an
    /// attacker's cost, set by the iteration count, is unchanged.
    public static func sha256(password: [UInt8], salt: [UInt8], iterations: Int, keyLength: Int) -> [UInt8] {
        precondition(iterations >= 1 && iterations <= Int(Int32.max), "PBKDF2 iterations out of range")
        precondition(keyLength >= 1 && keyLength <= 1 << 20, "PBKDF2 key length out of range")
        return [UInt8](unsafeUninitializedCapacity: keyLength) { out, initialized in
            let ok = password.withUnsafeBufferPointer { p in
                salt.withUnsafeBufferPointer { s in
                    hf_pbkdf2_hmac_sha256(
                        p.baseAddress, p.count, s.baseAddress, s.count, UInt(iterations), out.baseAddress, keyLength)
                }
            }
            precondition(ok == 1, "hf_pbkdf2_hmac_sha256 failed")
            initialized = keyLength
        }
    }

    /// PBKDF2-HMAC-SHA256 by OpenSSL's `PKCS5_PBKDF2_HMAC`: the independent implementation
    /// ``sha256(password:salt:iterations:keyLength:)`` is tested against.
    static func openSSLSHA256(password: [UInt8], salt: [UInt8], iterations: Int, keyLength: Int) -> [UInt8] {
        derive(OpenSSLDigests.shared.sha256, password: password, salt: salt, iterations: iterations, length: keyLength)
    }

    /// PBKDF2-HMAC-SHA512: the BIP39 seed function.
    public static func sha512(password: [UInt8], salt: [UInt8], iterations: Int, keyLength: Int) -> [UInt8] {
        derive(OpenSSLDigests.shared.sha512, password: password, salt: salt, iterations: iterations, length: keyLength)
    }

    private static func derive(
        _ md: OpaquePointer, password: [UInt8], salt: [UInt8], iterations: Int, length: Int
    ) -> [UInt8] {
        precondition(iterations >= 1 && iterations <= Int(Int32.max), "PBKDF2 iterations out of range")
        precondition(length >= 1 && length <= 1 << 20, "PBKDF2 key length out of range")
        return [UInt8](unsafeUninitializedCapacity: length) { out, initialized in
            let ok = withNonNullBytes(password) { p, pCount in
                withNonNullBytes(salt) { s, sCount in
                    p.withMemoryRebound(to: CChar.self, capacity: max(pCount, 1)) { pChars in
                        PKCS5_PBKDF2_HMAC(
                            pChars, Int32(pCount), s, Int32(sCount), Int32(iterations), md, Int32(length),
                            out.baseAddress)
                    }
                }
            }
            precondition(ok == 1, "PKCS5_PBKDF2_HMAC failed")
            initialized = length
        }
    }
}
