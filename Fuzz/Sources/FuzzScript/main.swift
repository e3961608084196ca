import HFPrimitives

/// libFuzzer entry: script parsing and template detection must never crash, and parsed operations must re-assemble
/// to the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let script = Script(bytes: Array(UnsafeRawBufferPointer(start: data, count: size)))
    if let operations = try? script.operations() {
        precondition(Script(operations: operations) == script, "script round trip")
    }
    if let unlocking = P2PKHUnlockingScript(script: script) {
        precondition(unlocking.script == script, "P2PKH unlocking round trip")
    }
    if let pushes = try? script.dataOutputPushes() {
        precondition(script.isDataOutput, "data output pushes without a data output")
        _ = pushes
    }
    _ = script.containsInscriptionEnvelope
    _ = script.isPushOnly
    _ = script.removingCodeSeparators()
    return 0
}
