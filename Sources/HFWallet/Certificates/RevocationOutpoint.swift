import HFPrimitives

/// A BRC-52 revocation outpoint, `"<txid>.<vout>"`: spending it revokes the certificate.
///
/// **quirk**: the txid's 32 bytes go into the binary form exactly as the hex is written (display order, not
/// reversed). An all-zero txid means the certifier disabled revocation.
public struct RevocationOutpoint: Sendable, Hashable {
    /// The txid bytes in the order the hex is written. Not reversed.
    public let txidBytes: [UInt8]
    /// The output index.
    public let vout: UInt32

    /// An outpoint from its parts.
    ///
    /// - Throws: `CertificateError.invalidRevocationOutpoint` unless `txidBytes` is 32 bytes.
    public init(txidBytes: [UInt8], vout: UInt32) throws(CertificateError) {
        guard txidBytes.count == 32 else { throw .invalidRevocationOutpoint }
        self.txidBytes = txidBytes
        self.vout = vout
    }

    /// Parses `"<64 hex digits>.<decimal vout>"`. The form without `.vout` that the reference's
    /// `MasterCertificate` can produce is refused.
    ///
    /// - Throws: `CertificateError.invalidRevocationOutpoint`.
    public init(string: String) throws(CertificateError) {
        let parts = string.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count == 64, let bytes = try? Hex.decode(String(parts[0])),
            !parts[1].isEmpty, parts[1].utf8.count <= 10, parts[1].utf8.allSatisfy({ (48...57).contains($0) }),
            parts[1] == "0" || !parts[1].hasPrefix("0"), let vout = UInt32(parts[1])
        else { throw .invalidRevocationOutpoint }
        try self.init(txidBytes: bytes, vout: vout)
    }

    /// The text form with a lower-case txid.
    public var string: String { "\(Hex.encode(txidBytes)).\(vout)" }

    /// Whether revocation is disabled (an all-zero txid).
    public var isDisabled: Bool { txidBytes.allSatisfy { $0 == 0 } }
}
