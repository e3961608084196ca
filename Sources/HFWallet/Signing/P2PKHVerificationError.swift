/// Why a P2PKH input did not verify against the output it spends.
public enum P2PKHVerificationError: Error, Equatable, Sendable {
    /// The input index is not below the number of inputs.
    case inputIndexOutOfRange(index: Int, inputCount: Int)
    /// The source output's locking script is not P2PKH.
    case notP2PKHLockingScript
    /// The unlocking script is not exactly two direct pushes `<signature ‖ sighash byte> <public key>`.
    case malformedUnlockingScript
    /// The signature is not strict DER (BIP 66) or its r or s is out of range.
    case signatureNotStrictDER
    /// The signature's s is above n/2 (only low-S signatures are standard).
    case highS
    /// The sighash byte is not a defined type (base ALL, NONE or SINGLE; only the FORKID and ANYONECANPAY flags).
    case undefinedSighashType(UInt8)
    /// The sighash byte lacks FORKID, which BSV requires.
    case missingForkID(UInt8)
    /// The public key is not a valid point.
    case invalidPublicKey
    /// The public key does not hash to the locking script's public-key hash.
    case publicKeyHashMismatch
    /// The signature does not verify for the input's signature hash.
    case invalidSignature
}

extension P2PKHVerificationError: CustomStringConvertible {
    /// A sentence naming the problem.
    public var description: String {
        switch self {
        case .inputIndexOutOfRange(let index, let count):
            "input \(index) does not exist: the transaction has \(count) inputs"
        case .notP2PKHLockingScript: "the output spent is not locked by a P2PKH script"
        case .malformedUnlockingScript: "the unlocking script is not <signature> <public key>"
        case .signatureNotStrictDER: "the signature is not strict DER"
        case .highS: "the signature is not low-S"
        case .undefinedSighashType(let byte): "the sighash byte 0x\(String(byte, radix: 16)) is not a defined type"
        case .missingForkID(let byte): "the sighash byte 0x\(String(byte, radix: 16)) lacks FORKID"
        case .invalidPublicKey: "the public key is not a valid secp256k1 point"
        case .publicKeyHashMismatch: "the public key does not match the address the output is locked to"
        case .invalidSignature: "the signature is not valid for this input"
        }
    }
}
