internal import CSecp256k1

/// A secp256k1 private key: a scalar in [1, n−1], held in zeroizing storage.
///
/// The key never appears in `description`. Extracting `rawRepresentation` makes an ordinary array copy that the
/// caller must treat as secret.
public struct PrivateKey: Sendable {
    let secret: SecureBytes

    /// Validates and wraps 32 big-endian bytes.
    /// - Throws: `CryptoError.incorrectKeySize` unless 32 bytes; `.invalidPrivateKey` for 0 or a value ≥ n.
    public init(rawRepresentation bytes: [UInt8]) throws(CryptoError) {
        guard bytes.count == 32 else { throw .incorrectKeySize }
        guard secp256k1_ec_seckey_verify(Secp256k1Bridge.ctx, bytes) == 1 else { throw .invalidPrivateKey }
        secret = SecureBytes(bytes)
    }

    /// A new key from the CSPRNG.
    public static func generate() -> PrivateKey {
        while true {
            var candidate = SecureRandom.bytes(32)
            defer { Zeroization.zeroize(&candidate) }
            if let key = try? PrivateKey(rawRepresentation: candidate) { return key }
        }
    }

    /// The 32 secret bytes, big-endian. Secret: zeroize the copy when done.
    public var rawRepresentation: [UInt8] { secret.bytes }

    /// The matching public key.
    public var publicKey: PublicKey {
        var key = secp256k1_pubkey()
        let ok = secret.withUnsafeBytes { s in
            secp256k1_ec_pubkey_create(Secp256k1Bridge.ctx, &key, s.bindMemory(to: UInt8.self).baseAddress!)
        }
        precondition(ok == 1, "pubkey_create failed on a validated key")
        return PublicKey(key)
    }

    /// Signs a 32-byte digest with ECDSA: RFC 6979 deterministic nonce, low-S.
    /// - Throws: `CryptoError.incorrectParameterSize` unless the digest is 32 bytes.
    public func signature(forDigest digest: [UInt8]) throws(CryptoError) -> ECDSASignature {
        guard digest.count == 32 else { throw .incorrectParameterSize }
        var sig = secp256k1_ecdsa_signature()
        let ok = secret.withUnsafeBytes { s in
            secp256k1_ecdsa_sign(
                Secp256k1Bridge.ctx, &sig, digest, s.bindMemory(to: UInt8.self).baseAddress!, nil, nil)
        }
        guard ok == 1 else { throw .underlyingCryptoError }
        return ECDSASignature(normalizing: sig)
    }

    /// Signs a 32-byte digest and returns a signature from which the public key can be recovered (BSM).
    /// - Throws: `CryptoError.incorrectParameterSize` unless the digest is 32 bytes.
    public func recoverableSignature(forDigest digest: [UInt8]) throws(CryptoError) -> RecoverableSignature {
        guard digest.count == 32 else { throw .incorrectParameterSize }
        var sig = secp256k1_ecdsa_recoverable_signature()
        let ok = secret.withUnsafeBytes { s in
            secp256k1_ecdsa_sign_recoverable(
                Secp256k1Bridge.ctx, &sig, digest, s.bindMemory(to: UInt8.self).baseAddress!, nil, nil)
        }
        guard ok == 1 else { throw .underlyingCryptoError }
        var compact = [UInt8](repeating: 0, count: 64)
        var recoveryID: Int32 = 0
        _ = secp256k1_ecdsa_recoverable_signature_serialize_compact(Secp256k1Bridge.ctx, &compact, &recoveryID, &sig)
        return try RecoverableSignature(compact: compact, recoveryID: Int(recoveryID))
    }

    /// The raw ECDH shared point `self · other`, not hashed (what BRC-42 and BIE1 need).
    public func sharedPoint(with other: PublicKey) throws(CryptoError) -> PublicKey {
        var point = other.opaque
        let ok = secret.withUnsafeBytes { s in
            secp256k1_ec_pubkey_tweak_mul(Secp256k1Bridge.ctx, &point, s.bindMemory(to: UInt8.self).baseAddress!)
        }
        guard ok == 1 else { throw .underlyingCryptoError }
        return PublicKey(point)
    }

    /// `(self + tweak) mod n`.
    /// - Parameter tweak: 32 big-endian bytes below n (reduce with `Scalar.reducedModOrder` first where the
    ///   protocol says so, as BRC-42 does; BIP32 instead rejects a tweak ≥ n).
    /// - Throws: `CryptoError.invalidTweak` if the tweak is ≥ n or the sum is zero.
    public func adding(tweak: [UInt8]) throws(CryptoError) -> PrivateKey {
        guard tweak.count == 32 else { throw .incorrectParameterSize }
        var sum = secret.bytes
        defer { Zeroization.zeroize(&sum) }
        guard secp256k1_ec_seckey_tweak_add(Secp256k1Bridge.ctx, &sum, tweak) == 1 else { throw .invalidTweak }
        return try PrivateKey(rawRepresentation: sum)
    }
}

extension PrivateKey: Equatable {
    /// Constant-time comparison of the secret scalars.
    public static func == (lhs: PrivateKey, rhs: PrivateKey) -> Bool {
        var a = lhs.rawRepresentation
        var b = rhs.rawRepresentation
        defer {
            Zeroization.zeroize(&a)
            Zeroization.zeroize(&b)
        }
        return constantTimeEqual(a, b)
    }
}

extension PrivateKey: CustomStringConvertible {
    /// Never reveals the key.
    public var description: String { "PrivateKey(<secret>)" }
}
