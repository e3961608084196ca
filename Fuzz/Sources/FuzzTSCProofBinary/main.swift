import HFPrimitives

/// libFuzzer entry: TSCProofBinary decoding must never crash; whatever decodes must survive a round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    if let proof = try? TSCProof(serialized: bytes) {
        precondition((try? TSCProof(serialized: proof.serialized)) == proof, "binary TSC re-parse")
        _ = try? proof.computeRoot()
    }
    return 0
}
