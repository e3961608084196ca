import HFMigration

/// libFuzzer entry: the bplist00 reader and the keyed-archive layout must never crash or exceed their bounds, and an
/// accepted archive must hold at most `KeyedArchive.maximumStrings` strings of bounded length.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
    _ = try? BinaryPropertyList.decode(bytes)
    if let strings = try? KeyedArchive.stringArray(bytes) {
        precondition(strings.count <= KeyedArchive.maximumStrings, "too many strings accepted")
        precondition(strings.allSatisfy { $0.utf8.count <= KeyedArchive.maximumStringBytes }, "string too long accepted")
    }
    return 0
}
