internal import COpenSSL

/// HMAC with SHA-256 or SHA-512 (RFC 2104).
public enum HMAC {
    /// HMAC-SHA256 of `message` under `key` (32 bytes).
    public static func sha256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        compute(OpenSSLDigests.shared.sha256, key: key, message: message, length: 32)
    }

    /// HMAC-SHA512 of `message` under `key` (64 bytes).
    public static func sha512(key: [UInt8], message: [UInt8]) -> [UInt8] {
        compute(OpenSSLDigests.shared.sha512, key: key, message: message, length: 64)
    }

    private static func compute(_ md: OpaquePointer, key: [UInt8], message: [UInt8], length: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: length) { out, initialized in
            var outLength: UInt32 = 0
            let result = withNonNullBytes(key) { k, kCount in
                withNonNullBytes(message) { m, mCount in
                    COpenSSL.HMAC(md, k, Int32(kCount), m, mCount, out.baseAddress, &outLength)
                }
            }
            precondition(result != nil && Int(outLength) == length, "HMAC failed")
            initialized = length
        }
    }
}
