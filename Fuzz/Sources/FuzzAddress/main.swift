import HFPrimitives

/// libFuzzer entry: Address decoding must never crash, and whatever decodes must re-encode to the same input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    let text = String(decoding: bytes, as: UTF8.self)
    for network in Network.allCases {
        if let address = try? Address(string: text, network: network) {
            precondition(address.string == text, "address round trip")
        }
    }
    return 0
}
