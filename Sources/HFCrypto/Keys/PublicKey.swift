internal import CSecp256k1

/// A point on secp256k1 (never infinity), parsed and validated.
public struct PublicKey: Sendable, Hashable {
    /// libsecp256k1's 64-byte internal form, kept so that operations need no re-parse (no square root).
    private let raw: [UInt8]

    init(_ key: secp256k1_pubkey) { raw = Secp256k1Bridge.raw(key) }

    var opaque: secp256k1_pubkey { Secp256k1Bridge.pubkey(raw: raw) }

    /// Parses a 33-byte compressed or 65-byte uncompressed SEC1 key and checks the point is on the curve.
    /// - Throws: `CryptoError.incorrectKeySize` for other lengths, `.invalidPublicKey` otherwise.
    public init(serialized bytes: [UInt8]) throws(CryptoError) {
        guard bytes.count == 33 || bytes.count == 65 else { throw .incorrectKeySize }
        // 0x06/0x07 "hybrid" encodings are accepted by libsecp256k1 but never valid here.
        guard bytes[0] == 0x02 || bytes[0] == 0x03 || (bytes[0] == 0x04 && bytes.count == 65) else {
            throw .invalidPublicKey
        }
        guard bytes.count == (bytes[0] == 0x04 ? 65 : 33), let key = Secp256k1Bridge.parse(bytes) else {
            throw .invalidPublicKey
        }
        self.init(key)
    }

    /// The 33-byte compressed SEC1 form (`02`/`03` ‖ X).
    public var compressed: [UInt8] { Secp256k1Bridge.serialize(opaque, compressed: true) }

    /// The 65-byte uncompressed SEC1 form (`04` ‖ X ‖ Y).
    public var uncompressed: [UInt8] { Secp256k1Bridge.serialize(opaque, compressed: false) }

    /// Verifies an ECDSA signature over a 32-byte digest.
    ///
    /// High-S signatures are rejected (BSV's standardness rule and libsecp256k1's default) unless
    /// `allowHighS` is set, in which case they are normalized first.
    public func isValidSignature(_ signature: ECDSASignature, forDigest digest: [UInt8], allowHighS: Bool = false)
        -> Bool
    {
        guard digest.count == 32, var sig = Secp256k1Bridge.signature(compact: signature.compact) else { return false }
        if allowHighS {
            var input = sig
            _ = secp256k1_ecdsa_signature_normalize(Secp256k1Bridge.ctx, &sig, &input)
        }
        var key = opaque
        return secp256k1_ecdsa_verify(Secp256k1Bridge.ctx, &sig, digest, &key) == 1
    }

    /// `self + tweak·G`.
    /// - Throws: `CryptoError.invalidTweak` if the tweak is ≥ n or the result is infinity.
    public func adding(tweakTimesGenerator tweak: [UInt8]) throws(CryptoError) -> PublicKey {
        guard tweak.count == 32 else { throw .incorrectParameterSize }
        var key = opaque
        guard secp256k1_ec_pubkey_tweak_add(Secp256k1Bridge.ctx, &key, tweak) == 1 else { throw .invalidTweak }
        return PublicKey(key)
    }

    /// `scalar · self`.
    /// - Throws: `CryptoError.invalidTweak` if the scalar is zero or ≥ n.
    public func multiplied(by scalar: [UInt8]) throws(CryptoError) -> PublicKey {
        guard scalar.count == 32 else { throw .incorrectParameterSize }
        var key = opaque
        guard secp256k1_ec_pubkey_tweak_mul(Secp256k1Bridge.ctx, &key, scalar) == 1 else { throw .invalidTweak }
        return PublicKey(key)
    }

    /// The sum of points.
    /// - Throws: `CryptoError.invalidTweak` if the sum is infinity; `.incorrectParameterSize` for an empty list.
    public static func combine(_ keys: [PublicKey]) throws(CryptoError) -> PublicKey {
        guard !keys.isEmpty else { throw .incorrectParameterSize }
        let points = keys.map(\.opaque)
        var sum = secp256k1_pubkey()
        let ok = points.withUnsafeBufferPointer { buffer in
            let pointers: [UnsafePointer<secp256k1_pubkey>?] = (0..<buffer.count).map { buffer.baseAddress! + $0 }
            return secp256k1_ec_pubkey_combine(Secp256k1Bridge.ctx, &sum, pointers, pointers.count)
        }
        guard ok == 1 else { throw .invalidTweak }
        return PublicKey(sum)
    }

    /// Recovers the public key that made `signature` over `digest`.
    /// - Throws: `CryptoError.recoveryFailed` when no key matches.
    public init(recovering signature: RecoverableSignature, forDigest digest: [UInt8]) throws(CryptoError) {
        guard digest.count == 32 else { throw .incorrectParameterSize }
        var sig = secp256k1_ecdsa_recoverable_signature()
        guard
            secp256k1_ecdsa_recoverable_signature_parse_compact(
                Secp256k1Bridge.ctx, &sig, signature.compact, Int32(signature.recoveryID)) == 1
        else { throw .invalidSignatureEncoding }
        var key = secp256k1_pubkey()
        guard secp256k1_ecdsa_recover(Secp256k1Bridge.ctx, &key, &sig, digest) == 1 else { throw .recoveryFailed }
        self.init(key)
    }

    /// The generator G (the public key of the scalar 1): BRC-43's "anyone".
    public static let generator: PublicKey = {
        var one = [UInt8](repeating: 0, count: 32)
        one[31] = 1
        // The scalar 1 is a valid key, so this cannot fail.
        return (try? PrivateKey(rawRepresentation: one))!.publicKey
    }()
}

extension PublicKey: CustomStringConvertible {
    /// The compressed key in hex.
    public var description: String {
        compressed.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
            .joined()
    }
}
