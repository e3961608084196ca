import HFBundles

/// libFuzzer entry: HeadersBundle decoding must never crash; whatever decodes must survive a round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    if let bundle = try? HeadersBundle(decoding: bytes, expectedNetwork: nil) {
        precondition((try? HeadersBundle(decoding: bundle.encoded(), expectedNetwork: nil)) == bundle, "round trip")
    }
    return 0
}
