import HFBundles

/// libFuzzer entry: SweepRequestBundle decoding must never crash; whatever decodes must survive a round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    if let bundle = try? SweepRequestBundle(decoding: bytes, expectedNetwork: nil) {
        precondition((try? SweepRequestBundle(decoding: bundle.encoded(), expectedNetwork: nil)) == bundle, "round trip")
        _ = bundle.verifySignature()
    }
    return 0
}
