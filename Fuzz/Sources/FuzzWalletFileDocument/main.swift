import HFBundles

/// libFuzzer entry: WalletFileDocument decoding (the plaintext of an opened `.hfwallet`, with version 2's labels and
/// gap limit) must never crash; whatever decodes must survive a round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    if let document = try? WalletFileDocument(decoding: bytes, expectedNetwork: nil) {
        precondition(
            (try? WalletFileDocument(decoding: document.encoded(), expectedNetwork: nil)) == document, "round trip")
    }
    return 0
}
