import HFBundles

/// libFuzzer entry: StateBundle decoding (and the signer state any bundle carries) must never crash; whatever decodes
/// must survive a round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    if let bundle = try? StateBundle(decoding: bytes, expectedNetwork: nil) {
        precondition((try? StateBundle(decoding: bundle.encoded(), expectedNetwork: nil)) == bundle, "round trip")
        _ = try? bundle.state.verify()
        _ = try? SignerState.carried(in: bytes, network: bundle.network)
    }
    return 0
}
