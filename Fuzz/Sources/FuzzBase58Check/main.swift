import HFPrimitives

/// libFuzzer entry: Base58Check decoding must never crash, and whatever decodes must re-encode to the same input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    if let payload = try? Base58.decodeCheck(text, maxLength: 128) {
        precondition(Base58.encodeCheck(payload) == text, "base58check round trip")
    }
    return 0
}
