import HFWallet

/// libFuzzer entry: SeedQR payload decoding must never crash, and whatever decodes must re-encode to the same
/// payload in the same kind.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    if let (mnemonic, kind) = try? SeedQR.decode(bytes) {
        precondition((try? SeedQR.payload(mnemonic, kind: kind)) == bytes, "SeedQR round trip")
    }
    return 0
}
