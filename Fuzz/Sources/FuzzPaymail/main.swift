import HFBundles
import HFPrimitives
import HFProtocols

/// libFuzzer entry: the paymail and hfauth decoders must never crash, and whatever decodes must survive a round
/// trip: `.hfpayreq` and `.hfauth` bundles, `hfauth:` payloads, paymail addresses, base64url, and the sealed
/// wallet file's envelope and document (the first byte picks which).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let all = Array(UnsafeRawBufferPointer(start: data, count: size))
    guard let selector = all.first else { return 0 }
    let bytes = Array(all.dropFirst())
    let text = String(decoding: bytes, as: UTF8.self)
    switch selector % 7 {
    case 0:
        if let bundle = try? PaymentRequestBundle(decoding: bytes, expectedNetwork: nil) {
            precondition((try? PaymentRequestBundle(decoding: bundle.encoded(), expectedNetwork: nil)) == bundle, "payreq")
        }
    case 1:
        if let bundle = try? AuthResponseBundle(decoding: bytes, expectedNetwork: nil) {
            precondition((try? AuthResponseBundle(decoding: bundle.encoded(), expectedNetwork: nil)) == bundle, "hfauth")
            _ = bundle.verifySignature()
        }
    case 2:
        if let request = try? AuthRequest(payload: text) {
            precondition((try? AuthRequest(payload: request.payload)) == request, "hfauth payload")
        }
    case 3:
        if let address = try? PaymailAddress(text) {
            precondition((try? PaymailAddress(address.text)) == address, "paymail")
        }
    case 4:
        if let decoded = Base64URL.decode(text) {
            precondition(Base64URL.encode(decoded) == text, "base64url")
        }
    case 5:
        if let document = try? WalletFileDocument(decoding: bytes, expectedNetwork: nil) {
            precondition((try? WalletFileDocument(decoding: document.encoded(), expectedNetwork: nil)) == document, "document")
        }
    default:
        if let file = try? EncryptedWalletFile(decoding: bytes) {
            precondition(file.encoded() == bytes, "wallet file")
        }
    }
    return 0
}
