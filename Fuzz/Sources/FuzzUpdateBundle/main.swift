import HFBundles

/// libFuzzer entry: UpdateBundle decoding must never crash; whatever decodes must survive a round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    if let bundle = try? UpdateBundle(decoding: bytes, expectedNetwork: nil) {
        precondition((try? UpdateBundle(decoding: bundle.encoded(), expectedNetwork: nil)) == bundle, "round trip")
        _ = bundle.headerRange
    }
    return 0
}
