import HFBundles

/// libFuzzer entry: `.hfprobe` and `.hfproberesult` decoding must never crash; whatever decodes must survive a round
/// trip byte for byte.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    if let probe = try? ProbeBundle(decoding: bytes, expectedNetwork: nil) {
        let encoded = probe.encoded()
        precondition((try? ProbeBundle(decoding: encoded, expectedNetwork: nil)) == probe, "probe round trip")
        precondition((try? ProbeBundle(decoding: encoded, expectedNetwork: nil))?.encoded() == encoded, "probe bytes")
    }
    if let result = try? ProbeResultBundle(decoding: bytes, expectedNetwork: nil) {
        let encoded = result.encoded()
        precondition((try? ProbeResultBundle(decoding: encoded, expectedNetwork: nil)) == result, "result round trip")
        precondition(
            (try? ProbeResultBundle(decoding: encoded, expectedNetwork: nil))?.encoded() == encoded, "result bytes")
    }
    return 0
}
