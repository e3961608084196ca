import HFPrimitives

/// libFuzzer entry: Hex decoding must never crash, and whatever decodes must re-encode to the same input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    if let decoded = try? Hex.decode(text) {
        precondition(Hex.encode(decoded) == text.lowercased(), "hex round trip")
    }
    return 0
}
