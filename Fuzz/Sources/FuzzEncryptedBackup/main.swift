import HFBundles

/// libFuzzer entry: EncryptedBackup decoding must never crash; whatever decodes must survive a round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    // Structure only: opening derives a key with at least 100,000 PBKDF2 iterations.
    if let backup = try? EncryptedBackup(decoding: bytes) {
        precondition(backup.encoded() == bytes, "round trip")
    }
    return 0
}
