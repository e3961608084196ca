import HFBundles

/// libFuzzer entry: WalletCallBundle (`.hfcall`) decoding must never crash; whatever decodes must survive a round
/// trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    if let bundle = try? WalletCallBundle(decoding: bytes, expectedNetwork: nil) {
        precondition((try? WalletCallBundle(decoding: bundle.encoded(), expectedNetwork: nil)) == bundle, "round trip")
        _ = bundle.digest
    }
    return 0
}
