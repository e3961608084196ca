internal import COpenSSL

/// The OpenSSL message digests HFCrypto uses, fetched once per process.
///
/// Fetching an `EVP_MD` is the expensive part of a one-shot digest in OpenSSL 3; fetching once makes hashing of
/// small inputs several times faster. The pointers are immutable after creation and OpenSSL documents fetched
/// algorithms as safe to share between threads, hence `@unchecked Sendable`.
final class OpenSSLDigests: @unchecked Sendable {
    static let shared = OpenSSLDigests()

    let sha256: OpaquePointer
    let sha512: OpaquePointer
    let ripemd160: OpaquePointer

    private init() {
        func fetch(_ name: String) -> OpaquePointer {
            guard let md = EVP_MD_fetch(nil, name, nil) else {
                preconditionFailure("OpenSSL cannot provide \(name): the library is broken or misconfigured")
            }
            return md
        }
        sha256 = fetch("SHA256")
        sha512 = fetch("SHA512")
        ripemd160 = fetch("RIPEMD160")
    }

    /// Digests `count` bytes at `bytes` with `md` into a new array of `length` bytes.
    static func digest(_ md: OpaquePointer, _ bytes: UnsafeRawBufferPointer, length: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: length) { out, initialized in
            digest(md, bytes, into: UnsafeMutableRawBufferPointer(out))
            initialized = length
        }
    }

    /// Digests the bytes at `bytes` with `md` into `output`, whose size must be the digest's size.
    static func digest(
        _ md: OpaquePointer, _ bytes: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
    ) {
        var outLength: UInt32 = 0
        let out = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
        let ok = EVP_Digest(bytes.baseAddress, bytes.count, out, &outLength, md, nil)
        precondition(ok == 1 && Int(outLength) == output.count, "EVP_Digest failed")
    }
}
