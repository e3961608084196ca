internal import COpenSSL

/// One-shot message digests: SHA-256, double SHA-256, SHA-512, RIPEMD-160 and HASH160.
///
/// All outputs are in natural (hash function) byte order. Display-order reversal of txids and block hashes is the
/// business of `HFPrimitives`.
public enum Hash {
    /// SHA-256 of `bytes` (32 bytes).
    public static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { sha256(buffer: $0) }
    }

    /// SHA-256 of the bytes in `buffer` (32 bytes), without copying them.
    public static func sha256(buffer: UnsafeRawBufferPointer) -> [UInt8] {
        OpenSSLDigests.digest(OpenSSLDigests.shared.sha256, buffer, length: 32)
    }

    /// `SHA-256(SHA-256(bytes))`, Bitcoin's `hash256` (32 bytes): txids, block hashes, checksums.
    public static func hash256(_ bytes: [UInt8]) -> [UInt8] {
        sha256(sha256(bytes))
    }

    /// `SHA-256(SHA-256(buffer))` without copying the input.
    public static func hash256(buffer: UnsafeRawBufferPointer) -> [UInt8] {
        sha256(sha256(buffer: buffer))
    }

    /// `SHA-256(SHA-256(buffer))` written into the 32 bytes of `output`, with no heap allocation on the Swift side:
    /// the hot path of header validation and merkle hashing.
    ///
    /// - Parameters:
    ///   - buffer: the message; it may overlap `output` (the first digest goes to a stack buffer).
    ///   - output: exactly 32 bytes (another size is a programmer error).
    public static func hash256(buffer: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) {
        precondition(output.count == 32, "Hash.hash256(buffer:into:) needs a 32-byte output")
        withUnsafeTemporaryAllocation(byteCount: 32, alignment: 8) { first in
            let sha256 = OpenSSLDigests.shared.sha256
            OpenSSLDigests.digest(sha256, buffer, into: first)
            OpenSSLDigests.digest(sha256, UnsafeRawBufferPointer(first), into: output)
        }
    }

    /// SHA-512 of `bytes` (64 bytes).
    public static func sha512(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { OpenSSLDigests.digest(OpenSSLDigests.shared.sha512, $0, length: 64) }
    }

    /// RIPEMD-160 of `bytes` (20 bytes).
    public static func ripemd160(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { OpenSSLDigests.digest(OpenSSLDigests.shared.ripemd160, $0, length: 20) }
    }

    /// `RIPEMD-160(SHA-256(bytes))`, Bitcoin's `hash160` (20 bytes): the payload of a P2PKH address.
    public static func hash160(_ bytes: [UInt8]) -> [UInt8] {
        ripemd160(sha256(bytes))
    }
}
