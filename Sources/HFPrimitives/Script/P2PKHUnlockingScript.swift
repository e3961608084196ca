/// The P2PKH unlocking template `<signature ‖ sighash byte> <public key>`, as two direct pushes.
///
/// The signature is a DER-encoded ECDSA signature followed by one sighash-type byte (9 to 73 bytes in all); the
/// public key is a 33-byte compressed or 65-byte uncompressed SEC1 encoding. This type checks only the shape:
/// whether the signature is strict DER and valid, and whether the key is on the curve, is the verifier's business.
public struct P2PKHUnlockingScript: Hashable, Sendable {
    /// The DER signature followed by the sighash-type byte.
    public let signature: [UInt8]

    /// The SEC1 public key, 33 or 65 bytes.
    public let publicKey: [UInt8]

    /// The shortest signature push: an 8-byte DER signature and the sighash byte.
    public static let minSignatureLength = 9

    /// The longest signature push: a 72-byte DER signature and the sighash byte.
    public static let maxSignatureLength = 73

    // MARK: - Initializers

    /// The unlocking script of a signature (DER ‖ sighash byte) and a public key.
    ///
    /// - Parameters:
    ///   - signature: 9 to 73 bytes (a programmer error otherwise).
    ///   - publicKey: 33 or 65 bytes (a programmer error otherwise).
    public init(signature: [UInt8], publicKey: [UInt8]) {
        precondition(
            (Self.minSignatureLength...Self.maxSignatureLength).contains(signature.count),
            "a P2PKH signature push is 9 to 73 bytes")
        precondition(publicKey.count == 33 || publicKey.count == 65, "a public key is 33 or 65 bytes")
        self.signature = signature
        self.publicKey = publicKey
    }

    /// Recognises a P2PKH unlocking script: exactly two direct pushes (opcode = length), the first 9 to 73 bytes,
    /// the second 33 or 65 bytes. Returns nil for anything else (other push opcodes, more or fewer operations).
    public init?(script: Script) {
        var tokenizer = ScriptTokenizer(script.bytes)
        guard case .push(let signatureOpcode, let signature)? = try? tokenizer.next(),
            case .push(let keyOpcode, let publicKey)? = try? tokenizer.next(),
            tokenizer.isAtEnd,
            Int(signatureOpcode.rawValue) == signature.count, Int(keyOpcode.rawValue) == publicKey.count,
            (Self.minSignatureLength...Self.maxSignatureLength).contains(signature.count),
            publicKey.count == 33 || publicKey.count == 65
        else { return nil }
        self.signature = signature
        self.publicKey = publicKey
    }

    // MARK: - Properties

    /// The sighash-type byte: the last byte of `signature`.
    public var sighashByte: UInt8 { signature[signature.count - 1] }

    /// The DER part of `signature` (without the sighash byte).
    public var derSignature: [UInt8] { Array(signature.dropLast()) }

    /// The script: `<len> signature <len> publicKey`.
    public var script: Script {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(2 + signature.count + publicKey.count)
        bytes.append(UInt8(signature.count))
        bytes += signature
        bytes.append(UInt8(publicKey.count))
        bytes += publicKey
        return Script(bytes: bytes)
    }
}
