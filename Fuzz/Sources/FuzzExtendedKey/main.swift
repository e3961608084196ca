import HFWallet
import HFPrimitives

/// libFuzzer entry: ExtendedKey decoding must never crash, and whatever decodes must re-encode to the same input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    for network in [Network.main, .test] {
        if let key = try? ExtendedKey(string: text, network: network) {
            precondition(key.string(network: network) == text, "xprv/xpub round trip")
        }
    }
    return 0
}
