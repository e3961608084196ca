import HFPrimitives

/// libFuzzer entry: transaction decoding (plain and extended format) must never crash, and whatever decodes must
/// re-encode to the same input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    if let transaction = try? Transaction(bytes: bytes) {
        precondition(transaction.serialized == bytes, "transaction round trip")
        precondition(transaction.size == bytes.count, "transaction size")
    }
    if let extended = try? ExtendedTransaction(bytes: bytes) {
        precondition(extended.serialized == bytes, "extended transaction round trip")
    }
    return 0
}
