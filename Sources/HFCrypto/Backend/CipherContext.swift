internal import COpenSSL

/// Owns one `EVP_CIPHER_CTX` for the length of a single operation and frees it (which also cleanses it).
final class CipherContext {
    let pointer: OpaquePointer

    init() {
        guard let ctx = EVP_CIPHER_CTX_new() else { preconditionFailure("EVP_CIPHER_CTX_new failed: out of memory") }
        pointer = ctx
    }

    deinit { EVP_CIPHER_CTX_free(pointer) }

    /// Feeds additional authenticated data (AEAD modes). Returns false on failure.
    func updateAAD(_ aad: [UInt8]) -> Bool {
        guard !aad.isEmpty else { return true }
        var outLength: Int32 = 0
        return aad.withUnsafeBufferPointer { a in
            EVP_CipherUpdate(pointer, nil, &outLength, a.baseAddress, Int32(a.count)) == 1
        }
    }

    /// Runs the cipher over `input`; returns the output, or nil on failure.
    /// - Parameter extra: room beyond the input length that the mode may write (a block for CBC).
    func update(_ input: [UInt8], extra: Int = 0) -> [UInt8]? {
        guard !input.isEmpty else { return [] }
        var output = [UInt8](repeating: 0, count: input.count + extra)
        var outLength: Int32 = 0
        let ok = input.withUnsafeBufferPointer { i in
            EVP_CipherUpdate(pointer, &output, &outLength, i.baseAddress, Int32(i.count)) == 1
        }
        guard ok else { return nil }
        output.removeSubrange(Int(outLength)...)
        return output
    }
}
