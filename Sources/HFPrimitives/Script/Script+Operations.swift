// Strict parsing of a script into opcodes and pushes.

extension Script {
    /// The script's operations, parsed strictly.
    ///
    /// Pushes (`0x01…0x4b`, `OP_PUSHDATA1/2/4`) must have all their length and data bytes. As in the node since the
    /// Genesis upgrade, an `OP_RETURN` outside any `OP_IF`/`OP_NOTIF`/`OP_VERIF`/`OP_VERNOTIF` block ends parsing:
    /// whatever follows it is returned verbatim as one `.trailingData` (absent when nothing follows), because nodes
    /// never parse or execute it. Inside a conditional block `OP_RETURN` is an ordinary opcode.
    /// `Script(operations:)` of the result reproduces `bytes` exactly.
    /// - Throws: `ScriptError.truncatedPush` for a push that runs past the end.
    public func operations() throws(ScriptError) -> [ScriptOperation] {
        var tokenizer = ScriptTokenizer(bytes)
        var result: [ScriptOperation] = []
        var depth = 0
        while let operation = try tokenizer.next() {
            result.append(operation)
            guard case .opcode(let opcode) = operation else { continue }
            if opcode.opensConditional {
                depth += 1
            } else if opcode == .endIf, depth > 0 {
                depth -= 1
            } else if opcode == .return, depth == 0 {
                if !tokenizer.isAtEnd { result.append(.trailingData(tokenizer.readToEnd())) }
                break
            }
        }
        return result
    }

    /// Whether `operations()` succeeds and every operation is a push (`OP_0 … OP_16` or a data push), as the node
    /// requires of unlocking scripts.
    public var isPushOnly: Bool {
        var tokenizer = ScriptTokenizer(bytes)
        do {
            while let operation = try tokenizer.next() {
                switch operation {
                case .push: continue
                case .opcode(let opcode): if !opcode.isPush { return false }
                case .trailingData: return false
                }
            }
            return true
        } catch {
            return false
        }
    }
}
