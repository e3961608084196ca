public import HFCrypto
public import HFPrimitives

/// A sweep key in a backup document (version 2): a foreign private key added with `sweep add` whose coins are not
/// swept yet, so a lost machine does not lose them. JSON `{"address":"…","compressed":B,"privateKey":"<64 hex>"}`.
public struct BackupSweepKey: Sendable {
    /// The key's P2PKH address on the wallet's network (of the compressed or uncompressed public key).
    public let address: Address
    /// Whether `address` is of the compressed public key.
    public let compressed: Bool
    /// The 32 key bytes. Secret.
    public let privateKey: SecureBytes

    /// A sweep key entry.
    /// - Throws: `BundleError.wrongLength` (path `privateKey`) unless the key is 32 bytes.
    public init(address: Address, compressed: Bool, privateKey: SecureBytes) throws(BundleError) {
        guard privateKey.count == 32 else {
            throw .wrongLength(path: "privateKey", expected: 32, actual: privateKey.count)
        }
        self.address = address
        self.compressed = compressed
        self.privateKey = privateKey
    }
}

extension BackupSweepKey: Equatable {
    /// Equal when every field is; the keys are compared in constant time.
    public static func == (lhs: BackupSweepKey, rhs: BackupSweepKey) -> Bool {
        lhs.address == rhs.address && lhs.compressed == rhs.compressed
            && BackupSecrets.equal(lhs.privateKey, rhs.privateKey)
    }
}

/// Helpers for the secrets a backup document holds.
enum BackupSecrets {
    /// Constant-time comparison of two secrets (the copies are zeroized).
    static func equal(_ lhs: SecureBytes, _ rhs: SecureBytes) -> Bool {
        var a = lhs.bytes
        var b = rhs.bytes
        defer {
            Zeroization.zeroize(&a)
            Zeroization.zeroize(&b)
        }
        return constantTimeEqual(a, b)
    }

    /// Optional secrets: both absent, or both present and equal.
    static func equal(_ lhs: SecureBytes?, _ rhs: SecureBytes?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case (let a?, let b?): equal(a, b)
        default: false
        }
    }

    /// Writes `secret` as lower-case hex straight into `writer` (no Swift string of it is made).
    static func writeHex(_ secret: SecureBytes, to writer: inout CanonicalJSONWriter) {
        let digits = Array("0123456789abcdef".utf8)
        var hex = [UInt8](repeating: 0, count: secret.count * 2)
        defer { Zeroization.zeroize(&hex) }
        secret.withUnsafeBytes { bytes in
            for (index, byte) in bytes.enumerated() {
                hex[2 * index] = digits[Int(byte >> 4)]
                hex[2 * index + 1] = digits[Int(byte & 0x0f)]
            }
        }
        hex.withUnsafeBytes { writer.writeString(utf8: $0) }
    }
}
