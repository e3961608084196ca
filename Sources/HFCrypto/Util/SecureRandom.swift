internal import COpenSSL

/// The CSPRNG: OpenSSL's `RAND_bytes`, seeded from the operating system.
public enum SecureRandom {
    /// Returns `count` cryptographically secure random bytes. Traps if the generator fails, since continuing
    /// with weak randomness would be worse than stopping.
    public static func bytes(_ count: Int) -> [UInt8] {
        precondition(count >= 0 && count <= Int(Int32.max), "SecureRandom: count out of range")
        guard count > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            precondition(RAND_bytes(buffer.baseAddress, Int32(count)) == 1, "RAND_bytes failed: no entropy")
            initialized = count
        }
    }
}
