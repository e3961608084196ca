import HFBundles

/// libFuzzer entry: BackupDocument decoding (the plaintext of an opened `.bep`, with version 3's labels and gap
/// limits) must never crash; whatever decodes must survive a round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    if let document = try? BackupDocument(decoding: .init(bytes)) {
        precondition((try? BackupDocument(decoding: document.encoded())) == document, "round trip")
    }
    return 0
}
