import HFPrimitives

/// libFuzzer entry: WIF decoding must never crash, and whatever decodes must re-encode to the same input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    for network in Network.allCases {
        if let (key, compressed) = try? WIF.decode(text, network: network) {
            precondition(WIF.encode(key, network: network, compressed: compressed) == text, "WIF round trip")
        }
    }
    return 0
}
