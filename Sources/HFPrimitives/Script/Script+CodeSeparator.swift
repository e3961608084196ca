// OP_CODESEPARATOR removal, for the original (pre-fork) signature hash.

extension Script {
    /// The script without its `OP_CODESEPARATOR` opcodes, as the original signature hash serializes its scriptCode.
    ///
    /// Every operation is visited, including those after an `OP_RETURN`; bytes inside pushes are kept. Where a push
    /// runs past the end, the node stops looking and so does this: the rest is kept as it is (such a script can
    /// never be satisfied).
    public func removingCodeSeparators() -> Script {
        guard bytes.contains(Opcode.codeSeparator.rawValue) else { return self }
        var tokenizer = ScriptTokenizer(bytes)
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var start = 0
        while true {
            let before = tokenizer.offset
            guard let operation = try? tokenizer.next() else {
                kept += bytes[start...]
                break
            }
            if operation == .opcode(.codeSeparator) {
                kept += bytes[start..<before]
                start = tokenizer.offset
            }
        }
        return Script(bytes: kept)
    }
}
