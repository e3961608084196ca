public import HFCrypto
import HFPrimitives

/// A Bitcoin Signed Message compact signature: `header ‖ r(32) ‖ s(32)`, usually written in base64.
///
/// `header = 27 + recoveryID + (compressed ? 4 : 0)`: 27–30 for an uncompressed key, 31–34 for a compressed one.
/// Headers 35–42 (bitcoinjs segwit variants) are rejected, since BSV addresses are P2PKH only.
public struct BSMSignature: Sendable, Hashable {
    /// The signature with its recovery id.
    public let recoverable: RecoverableSignature
    /// Whether the signer's address uses the compressed public key.
    public let isCompressed: Bool

    /// The length of the binary form.
    public static let length = 65

    /// The longest base64 text accepted before decoding (88 characters encode 65 bytes).
    static let maximumTextLength = 128

    // MARK: - Initializers

    /// A signature from its parts.
    public init(recoverable: RecoverableSignature, isCompressed: Bool) {
        self.recoverable = recoverable
        self.isCompressed = isCompressed
    }

    /// Parses the 65-byte binary form.
    ///
    /// - Throws: `BSMError.wrongLength`, `.invalidHeader` or `.invalidSignature`, in that order.
    public init(serialized bytes: [UInt8]) throws(BSMError) {
        guard bytes.count == Self.length else { throw .wrongLength(length: bytes.count) }
        let header = bytes[0]
        guard (27...34).contains(header) else { throw .invalidHeader(header) }
        let recoveryID = Int(header - 27) & 3
        guard let signature = try? RecoverableSignature(compact: Array(bytes[1...]), recoveryID: recoveryID) else {
            throw .invalidSignature
        }
        self.init(recoverable: signature, isCompressed: header >= 31)
    }

    /// Parses the base64 text form.
    ///
    /// - Throws: `BSMError.invalidBase64`, then the errors of `init(serialized:)`.
    public init(base64 text: String) throws(BSMError) {
        guard text.utf8.count <= Self.maximumTextLength,
            let bytes = try? Base64.decode(text, maxLength: Self.maximumTextLength)
        else { throw .invalidBase64 }
        try self.init(serialized: bytes)
    }

    // MARK: - Properties

    /// The header byte, 27–34.
    public var header: UInt8 { UInt8(27 + recoverable.recoveryID + (isCompressed ? 4 : 0)) }

    /// The 65-byte binary form.
    public var serialized: [UInt8] { [header] + recoverable.compact }

    /// The base64 text form (88 characters).
    public var base64: String { Base64.encode(serialized) }
}

extension BSMSignature: CustomStringConvertible {
    /// The base64 text form.
    public var description: String { base64 }
}
