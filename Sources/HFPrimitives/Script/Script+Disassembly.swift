extension Script {
    /// The script as the node's assembly text: opcodes by name (`OP_DUP`, `OP_0`, `0xNN` for unnamed ones), data
    /// pushes as lower-case hex, and the unexecuted bytes after a top-level `OP_RETURN` as hex in brackets, all
    /// separated by single spaces; nil when the script does not parse (`operations()` throws).
    ///
    /// For example the P2PKH script `76a914…88ac` is `OP_DUP OP_HASH160 <40 hex> OP_EQUALVERIFY OP_CHECKSIG`.
    public var disassembly: String? {
        guard let operations = try? operations() else { return nil }
        return operations.map { operation in
            switch operation {
            case .opcode(let opcode): opcode.description
            case .push(_, let data): Hex.encode(data)
            case .trailingData(let bytes): "[" + Hex.encode(bytes) + "]"
            }
        }.joined(separator: " ")
    }
}
