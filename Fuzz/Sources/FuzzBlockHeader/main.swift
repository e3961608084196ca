import HFPrimitives

/// libFuzzer entry: BlockHeader decoding must never crash; whatever decodes must survive a round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    if let header = try? BlockHeader(bytes: bytes) {
        precondition(header.serialized == bytes, "header round trip")
        precondition((try? BlockHeader(noPrev48: header.noPrev48Bytes, previousBlockHash: header.previousBlockHash)) == header)
    }
    return 0
}
