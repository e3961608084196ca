import HFPrimitives
import HFWallet

/// A fixed recipient (the BIE1 vectors' bob) and the sender that an input may claim.
let bob = try! WIF.decode("KxfxrUXSMjJQcb3JgnaaA6MqsrKQ1nBSxvhuigdKRyFiEm6BZDgG", network: .main).key
let alice = try! WIF.decode("L1Ejc5dAigm5XrM3mNptMEsNnHzS7s51YxU7J61ewGshZTKkbmzJ", network: .main).key

/// libFuzzer entry for the message and certificate decoders: a BIE1 message (binary and base64 text, with and
/// without a supplied sender key), a Bitcoin Signed Message signature (binary and base64), and a BRC-52
/// certificate (binary and JSON). None may crash; whatever parses must re-serialize to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)

    // BIE1: authentication must fail on random input; decrypting never crashes.
    _ = try? ElectrumECIES.decrypt(bytes, with: bob)
    _ = try? ElectrumECIES.decrypt(bytes, with: bob, sender: alice.publicKey)
    _ = ElectrumECIES.embeddedSenderKey(bytes)
    if let decoded = try? Base64.decode(text) {
        precondition(Base64.encode(decoded) == text, "base64 round trip")
        _ = try? ElectrumECIES.decrypt(decoded, with: bob)
    }

    // BSM signatures.
    if let signature = try? BSMSignature(serialized: bytes) {
        precondition(signature.serialized == bytes, "BSM binary round trip")
        _ = try? BitcoinSignedMessage.recoverPublicKey(from: signature, message: bytes)
    }
    if let signature = try? BSMSignature(base64: text) {
        precondition(signature.base64 == text, "BSM base64 round trip")
    }

    // BRC-52 certificates.
    if let certificate = try? Certificate(binary: bytes) {
        precondition(certificate.binary() == bytes, "certificate binary round trip")
        _ = try? certificate.verifySignature()
    }
    if let document = try? CertificateDocument(json: bytes) {
        precondition(try! Certificate(binary: document.certificate.binary()) == document.certificate)
        _ = try? document.certificate.verifySignature()
    }
    return 0
}
