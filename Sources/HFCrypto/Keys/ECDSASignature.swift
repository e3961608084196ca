internal import CSecp256k1

/// An ECDSA signature (r, s), always held in low-S form once created by signing.
public struct ECDSASignature: Sendable, Hashable {
    /// 64 bytes: r ‖ s, each 32 bytes big-endian.
    public let compact: [UInt8]

    init(normalizing sig: secp256k1_ecdsa_signature) {
        var input = sig
        var normalized = secp256k1_ecdsa_signature()
        _ = secp256k1_ecdsa_signature_normalize(Secp256k1Bridge.ctx, &normalized, &input)
        compact = Secp256k1Bridge.compact(normalized)
    }

    /// Wraps a 64-byte r ‖ s signature.
    /// - Throws: `CryptoError.invalidSignatureEncoding` if the size is wrong or r or s is zero or ≥ n.
    public init(compactRepresentation bytes: [UInt8]) throws(CryptoError) {
        guard Self.isInRange(compact: bytes), Secp256k1Bridge.signature(compact: bytes) != nil else {
            throw .invalidSignatureEncoding
        }
        compact = bytes
    }

    /// Parses a strict DER signature (BIP 66 rules: minimal lengths, positive minimal integers, no trailing bytes)
    /// whose r and s are in [1, n−1].
    /// - Throws: `CryptoError.invalidSignatureEncoding` for anything else.
    public init(derRepresentation der: [UInt8]) throws(CryptoError) {
        guard Self.isStrictDER(der) else { throw .invalidSignatureEncoding }
        var sig = secp256k1_ecdsa_signature()
        guard secp256k1_ecdsa_signature_parse_der(Secp256k1Bridge.ctx, &sig, der, der.count) == 1 else {
            throw .invalidSignatureEncoding
        }
        // libsecp256k1 parses an r or s ≥ n as zero (and returns success), so zero here means "out of range".
        let parsed = Secp256k1Bridge.compact(sig)
        guard Self.isInRange(compact: parsed) else { throw .invalidSignatureEncoding }
        compact = parsed
    }

    /// The strict, minimal DER encoding (at most 72 bytes).
    public var derRepresentation: [UInt8] {
        guard var sig = Secp256k1Bridge.signature(compact: compact) else {
            preconditionFailure("a validated signature failed to parse")
        }
        var out = [UInt8](repeating: 0, count: 72)
        var length = 72
        precondition(secp256k1_ecdsa_signature_serialize_der(Secp256k1Bridge.ctx, &out, &length, &sig) == 1)
        return Array(out[0..<length])
    }

    /// Whether s ≤ n/2.
    public var isLowS: Bool {
        guard var sig = Secp256k1Bridge.signature(compact: compact) else { return false }
        return secp256k1_ecdsa_signature_normalize(Secp256k1Bridge.ctx, nil, &sig) == 0
    }

    /// Whether `compact` is 64 bytes with r and s both in [1, n−1].
    static func isInRange(compact: [UInt8]) -> Bool {
        guard compact.count == 64 else { return false }
        let r = Array(compact[0..<32])
        let s = Array(compact[32..<64])
        return r.contains { $0 != 0 } && s.contains { $0 != 0 } && Scalar.isBelowOrder(r) && Scalar.isBelowOrder(s)
    }

    /// BIP 66 `IsValidSignatureEncoding` without the trailing sighash byte.
    static func isStrictDER(_ sig: [UInt8]) -> Bool {
        // 0x30 len 0x02 lenR R 0x02 lenS S
        guard sig.count >= 8, sig.count <= 72, sig[0] == 0x30, Int(sig[1]) == sig.count - 2 else { return false }
        let lenR = Int(sig[3])
        guard 5 + lenR < sig.count else { return false }
        let lenS = Int(sig[5 + lenR])
        guard lenR + lenS + 6 == sig.count else { return false }
        guard sig[2] == 0x02, lenR > 0, sig[4] & 0x80 == 0 else { return false }
        if lenR > 1, sig[4] == 0x00, sig[5] & 0x80 == 0 { return false }
        guard sig[lenR + 4] == 0x02, lenS > 0, sig[lenR + 6] & 0x80 == 0 else { return false }
        if lenS > 1, sig[lenR + 6] == 0x00, sig[lenR + 7] & 0x80 == 0 { return false }
        return true
    }
}

/// A compact signature with its recovery id (0…3), from which the signer's public key can be recovered.
public struct RecoverableSignature: Sendable, Hashable {
    /// 64 bytes: r ‖ s.
    public let compact: [UInt8]
    /// The recovery id, 0…3.
    public let recoveryID: Int

    /// Creates a recoverable signature from its parts.
    /// - Throws: `CryptoError.invalidSignatureEncoding` for a wrong size, r or s zero or ≥ n, or a recovery id
    ///   outside 0…3.
    public init(compact: [UInt8], recoveryID: Int) throws(CryptoError) {
        guard ECDSASignature.isInRange(compact: compact), (0...3).contains(recoveryID) else {
            throw .invalidSignatureEncoding
        }
        self.compact = compact
        self.recoveryID = recoveryID
    }

    /// The plain (non-recoverable) signature.
    public var signature: ECDSASignature {
        get throws(CryptoError) { try ECDSASignature(compactRepresentation: compact) }
    }
}
