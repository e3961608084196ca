import HFBundles

/// libFuzzer entry: JSON decoding must never crash; whatever decodes must survive a round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    if let value = try? JSONParser.parse(bytes) {
        let canonical = value.canonicalBytes
        precondition((try? JSONParser.parse(canonical))?.canonicalBytes == canonical, "canonical JSON is stable")
    }
    return 0
}
