import HFPrimitives

/// libFuzzer entry: BEEF, Atomic BEEF and BEEF-file decoding must never crash; whatever decodes must re-encode to
/// something that decodes to the same value, and keep its structural promises.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    if let beef = try? Beef(serialized: bytes) {
        precondition((try? Beef(serialized: beef.serialized)) == beef, "BEEF re-parse")
        for entry in beef.transactions {
            if let index = entry.bumpIndex { precondition(beef.bumps[index].offset(of: entry.txid) != nil, "in its BUMP") }
        }
    }
    if let atomic = try? AtomicBeef(serialized: bytes) {
        precondition((try? AtomicBeef(serialized: atomic.serialized)) == atomic, "Atomic BEEF re-parse")
        precondition(atomic.subjectTransaction.txid == atomic.subject, "the subject is last")
    }
    _ = try? BeefFile(decoding: bytes)
    return 0
}
