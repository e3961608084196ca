import HFPrimitives

/// libFuzzer entry: CompactSize decoding must never crash, and whatever decodes must re-encode to the same input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    var reader = ByteReader(bytes)
    if let value = try? reader.readCompactSize(max: UInt64.max) {
        precondition(CompactSize.encode(value) == Array(bytes[0..<reader.offset]), "canonical varint")
    }
    return 0
}
