import HFWallet
import HFPrimitives

/// libFuzzer entry: Mnemonic decoding must never crash, and whatever decodes must re-encode to the same input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    if let mnemonic = try? Mnemonic(phrase: text) {
        precondition((try? Mnemonic(entropy: mnemonic.entropy))?.phrase == mnemonic.phrase, "entropy round trip")
    }
    return 0
}
