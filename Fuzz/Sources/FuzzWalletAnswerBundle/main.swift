import HFBundles

/// libFuzzer entry: WalletAnswerBundle (`.hfanswer`) decoding must never crash; whatever decodes must survive a
/// round trip, and verifying its signature must not crash either.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    if let bundle = try? WalletAnswerBundle(decoding: bytes, expectedNetwork: nil) {
        precondition((try? WalletAnswerBundle(decoding: bundle.encoded(), expectedNetwork: nil)) == bundle, "round trip")
        _ = try? bundle.verify()
    }
    return 0
}
