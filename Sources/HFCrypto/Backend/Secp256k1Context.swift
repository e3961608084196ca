internal import CSecp256k1

/// The one libsecp256k1 context of the process, created and randomized once.
///
/// Invariant: after `init` the context is only read (signing, verification, tweaks and ECDH take it `const`), which
/// libsecp256k1 documents as thread-safe; hence `@unchecked Sendable`.
final class Secp256k1Context: @unchecked Sendable {
    static let shared = Secp256k1Context()

    let pointer: OpaquePointer

    private init() {
        guard let ctx = secp256k1_context_create(UInt32(SECP256K1_CONTEXT_NONE)) else {
            preconditionFailure("secp256k1_context_create failed: library bug or out of memory")
        }
        var seed = SecureRandom.bytes(32)
        precondition(secp256k1_context_randomize(ctx, seed) == 1, "secp256k1_context_randomize failed")
        Zeroization.zeroize(&seed)
        pointer = ctx
    }
}

/// Conversions between HFCrypto's byte forms and libsecp256k1's opaque structs.
enum Secp256k1Bridge {
    static var ctx: OpaquePointer { Secp256k1Context.shared.pointer }

    /// Parses a 33- or 65-byte SEC1 public key.
    static func parse(_ bytes: [UInt8]) -> secp256k1_pubkey? {
        var key = secp256k1_pubkey()
        return secp256k1_ec_pubkey_parse(ctx, &key, bytes, bytes.count) == 1 ? key : nil
    }

    /// Serializes a public key, 33 bytes compressed or 65 uncompressed.
    static func serialize(_ key: secp256k1_pubkey, compressed: Bool) -> [UInt8] {
        var key = key
        var length = compressed ? 33 : 65
        var out = [UInt8](repeating: 0, count: length)
        let flags = UInt32(compressed ? SECP256K1_EC_COMPRESSED : SECP256K1_EC_UNCOMPRESSED)
        precondition(secp256k1_ec_pubkey_serialize(ctx, &out, &length, &key, flags) == 1, "pubkey serialize failed")
        return out
    }

    /// The 64-byte opaque representation of a public key, kept by `PublicKey`.
    static func raw(_ key: secp256k1_pubkey) -> [UInt8] {
        withUnsafeBytes(of: key.data) { [UInt8]($0) }
    }

    /// Rebuilds the opaque struct from `raw(_:)`'s bytes.
    static func pubkey(raw: [UInt8]) -> secp256k1_pubkey {
        var key = secp256k1_pubkey()
        withUnsafeMutableBytes(of: &key.data) { $0.copyBytes(from: raw) }
        return key
    }

    static func signature(compact: [UInt8]) -> secp256k1_ecdsa_signature? {
        var sig = secp256k1_ecdsa_signature()
        return secp256k1_ecdsa_signature_parse_compact(ctx, &sig, compact) == 1 ? sig : nil
    }

    static func compact(_ sig: secp256k1_ecdsa_signature) -> [UInt8] {
        var sig = sig
        var out = [UInt8](repeating: 0, count: 64)
        precondition(secp256k1_ecdsa_signature_serialize_compact(ctx, &out, &sig) == 1, "serialize failed")
        return out
    }
}
