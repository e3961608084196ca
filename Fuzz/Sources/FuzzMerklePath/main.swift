import HFPrimitives

/// libFuzzer entry: MerklePath decoding must never crash; whatever decodes must survive a round trip.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    if let path = try? MerklePath(serialized: bytes) {
        precondition((try? MerklePath(serialized: path.serialized)) == path, "BUMP re-parse")
        for txid in path.txids { precondition((try? path.computeRoot(txid: txid)) == path.root, "every txid gives the root") }
    }
    return 0
}
