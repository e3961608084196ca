internal import COpenSSL

/// Explicit, non-elidable zeroing of secret bytes (`OPENSSL_cleanse`).
public enum Zeroization {
    /// Overwrites every byte of `bytes` with zero, in place, in a way the optimizer cannot remove.
    public static func zeroize(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { zeroize($0) }
    }

    /// Overwrites the memory in `buffer` with zeros.
    public static func zeroize(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        OPENSSL_cleanse(base, buffer.count)
    }
}

/// Compares byte strings in time that depends only on their lengths (`CRYPTO_memcmp`).
///
/// Use it for tags, MACs, checksums of secrets and any comparison an attacker could time.
/// - Returns: true when both have the same length and the same bytes.
public func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    guard !a.isEmpty else { return true }
    return a.withUnsafeBytes { x in b.withUnsafeBytes { y in CRYPTO_memcmp(x.baseAddress, y.baseAddress, a.count) } } == 0
}
